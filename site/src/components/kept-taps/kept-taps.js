(() => {
  const kept = { taps: new Set(), live: new Set() };
  window.keptTaps = kept;
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      const name = form instanceof HTMLFormElement ? form.dataset.keepTap : undefined;
      if (!name || kept.live.has(name)) return;
      event.preventDefault();
      kept.taps.add(name);
      form.setAttribute('data-kept', '');
    },
    true,
  );
})();
