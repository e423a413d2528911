(() => {
  // A /signup?plan= link opens step 2 as soon as the wizard runs: until then the page shows that
  // it is opening, not step 1, which would be painted for seconds on 3G and then jump away.
  const plan = /[?&]plan=(customer|professional)(?:&|$)/.exec(location.search);
  if (plan) document.documentElement.setAttribute('data-plan-link', plan[1]);
})();
