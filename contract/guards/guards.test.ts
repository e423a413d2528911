// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the planted violations are source text, templates included
import { describe, expect, it } from 'vitest';
import {
  drawsScreens,
  effectReadFindings,
  functionLengths,
  type HandDrawn,
  handDrawn,
  isIslandPart,
  islandImportFindings,
  lineCount,
  statusFindings,
} from './browser.test-helper.ts';
import { datesFindings } from './dates.test-helper.ts';
import { moneyFindings } from './money.test-helper.ts';
import { queriesIn, strayWrites } from './server.test-helper.ts';
import {
  type Finding,
  findingText,
  parseSource,
  Project,
  productSources,
  type Source,
} from './source-tree.test-helper.ts';

/**
 * The rules the types cannot hold, checked on the syntax tree of every source file of the product
 * (docs/HOUSE-RULES.md lists each rule with its guard). Every file is parsed once, here, and every
 * guard reads the same trees. Each guard has a test that plants violations, as source text in
 * memory, of the shapes a line-by-line search misses (aliases, re-exports, a value kept in a
 * variable first, a template, an `.astro` file), and sees each one caught.
 */

const sources = productSources();
const project = new Project(sources);
const all = (rule: (project: Project, source: Source) => Finding[], scope: Source[] = sources) =>
  scope.flatMap((source) => rule(project, source)).map(findingText);

/** A project of planted files, given as path → text. */
const planted = (files: Record<string, string>) => {
  const parsed = Object.entries(files).map(([path, text]) => parseSource(path, text));
  return { project: new Project(parsed), sources: parsed };
};
/** How many findings a rule makes in planted files. */
const caughtIn = (rule: (project: Project, source: Source) => Finding[], files: Record<string, string>) => {
  const { project: p, sources: s } = planted(files);
  return s.flatMap((source) => rule(p, source));
};
const one = (path: string, text: string) => ({ [path]: text });
/** A scan of the whole product: a bound against a hang on a busy machine, not a speed goal. */
const SCAN = 60_000;

describe('the guards read the product', () => {
  it('parses every source file, .astro included', () => {
    expect(sources.length).toBeGreaterThan(400);
    expect(sources.some((s) => s.path.endsWith('.astro'))).toBe(true);
    expect(sources.some((s) => s.path === 'api/seeds/demo.ts')).toBe(true);
  });

  it('reads an .astro file as its frontmatter, its markup expressions and its scripts, on the lines they are on', () => {
    const astro = parseSource(
      'site/src/pages/x.astro',
      [
        '---',
        "import { call } from '../lib/call.ts';",
        'const answer = 1;',
        '---',
        '<!-- a comment {not code} -->',
        '<p>{answer === 2 ? "a" : "b"}</p>',
        '<style>p { color: red; }</style>',
        '<script>',
        'const x = 2;',
        '</script>',
      ].join('\n'),
    );
    expect(astro.trees).toHaveLength(2);
    const [main, script] = astro.trees;
    expect(main.statements.map((s) => s.getText())).toEqual([
      "import { call } from '../lib/call.ts';",
      'const answer = 1;',
      ';',
      'answer === 2 ? "a" : "b";',
    ]);
    expect(script.statements.map((s) => s.getText())).toEqual(['const x = 2;']);
    expect(script.getLineAndCharacterOfPosition(script.statements[0].getStart()).line + 1).toBe(9);
  });
});

describe('dates go through contract/dates.ts', () => {
  it(
    'finds no date worked out or written by hand outside it',
    () => {
      expect(all(datesFindings)).toEqual([]);
    },
    SCAN,
  );

  it('catches each planted shape: aliases, re-exports, a Date kept in a variable, templates, .astro', () => {
    const caught: Record<string, string>[] = [
      one('a.ts', 'const D = Date;\nconst first = new D(2026, 10, 1);'),
      one('a.ts', 'const parts = [2026, 10, 1] as const;\nconst first = new Date(...parts);'),
      one('a.ts', 'const started = Date.now();\nexport const late = (t: number) => t - started > 5;'),
      one('a.ts', 'const ms = due.getTime();\nconst left = ms - now.getTime();'),
      one('a.ts', 'const { DateTimeFormat: F } = Intl;\nexport const label = new F("en").format(x);'),
      one('a.ts', 'export const label = at.toLocaleDateString("en-GB");'),
      one('a.ts', 'export const cut = (createdAt: string) => createdAt.slice(0, 10);'),
      one('a.ts', 'export const day = (d: Date) => d.toISOString().split("T")[0];'),
      one('a.ts', 'export const parse = (ymd: string) => new Date(`${ymd}T00:00:00Z`);'),
      one('a.ts', 'export const TTL = 15 * 60 * 1000;'),
      one('a.ts', 'export const DAY = 86_400_000;'),
      one('a.ts', "const d = at['getUTCDay']();"),
      {
        'contract/units.ts': "export { DAY_MS as ONE_DAY } from './dates.ts';",
        'a.ts': "import { ONE_DAY as D } from './contract/units.ts';\nexport const days = (ms: number) => ms / D;",
      },
      one('site/src/components/Footer.astro', '---\nconst year = new Date().getFullYear();\n---\n<p>{year}</p>'),
      one('site/src/components/Footer.astro', '---\n---\n<p>{new Date().getUTCFullYear()}</p>'),
      one('site/src/components/Footer.astro', '<p>x</p>\n<script>\nconst t = Date.now() + 5000;\n</script>'),
    ];
    for (const files of caught) expect(caughtIn(datesFindings, files), JSON.stringify(files)).not.toEqual([]);
    const allowed = [
      'export const MOMO_PROMPT_TTL_MS = 3 * MINUTE_MS;',
      'export const EVENT_TICKET_TTL_MS = 60_000;',
      'setTimeout(() => URL.revokeObjectURL(url), 60_000);',
      'if (start <= now) throw late;',
      'const paidAt = new Date(row.paid_at);',
      'const now = new Date();',
      'const billingBlocked = () => clock.now().getTime() < blockedUntilMs;',
      'const latency = performance.now() - started;',
      'setDate(e.target.value);',
      '// now.getTime() + DAY_MS: a comment',
      'const percent = Math.round((done / asked) * 100);',
      'const bytes = 1024 * 1024;',
      'const ok = value instanceof Date;',
      'const at = Date.parse(text);',
    ];
    for (const code of allowed) expect(caughtIn(datesFindings, one('a.ts', code)), code).toEqual([]);
    expect(caughtIn(datesFindings, one('contract/dates.ts', 'export const DAY_MS = 24 * 60 * 60 * 1000;'))).toEqual([]);
  });
});

describe('money goes through contract/money.ts', () => {
  it(
    'finds no money converted or formatted by hand outside it',
    () => {
      expect(all(moneyFindings)).toEqual([]);
    },
    SCAN,
  );

  it('catches each planted shape, through variables and constants, and lets percentages be', () => {
    const caught = [
      'const total = r.total_pesewas;\nexport const cedis = total / 100;',
      'const HUNDRED = 100;\nexport const price = (p: { amountPesewas: number }) => p.amountPesewas / HUNDRED;',
      'export const pesewas = (baseRate: number) => Math.round(baseRate * 100);',
      'const rate = input.rate;\nexport const agreed = Math.round(rate * 100);',
      'export const min = Math.round(baseRate * 0.7 * 100) / 100;',
      'const TWO = 2;\nexport const text = `Paid ${amount.toFixed(TWO)}`;',
      'export const label = `₵${price}`;',
      "export const label = '₵' + amount;",
      'export const f = new Intl.NumberFormat("en-GH", { style: "currency", currency: "GHS" });',
      'const CURRENCY = "currency";\nexport const f = new Intl.NumberFormat("en-GH", { style: CURRENCY });',
      'export function formatCedis(n: number) { return String(n); }',
    ];
    for (const code of caught) expect(caughtIn(moneyFindings, one('a.ts', code)), code).not.toEqual([]);
    expect(
      caughtIn(moneyFindings, one('site/src/x.tsx', 'export const P = () => <strong>₵{prices.customer}</strong>;')),
    ).not.toEqual([]);
    expect(
      caughtIn(
        moneyFindings,
        one('site/src/pages/x.astro', '---\nconst price = plan.pricePesewas / 100;\n---\n<p>{price}</p>'),
      ),
    ).not.toEqual([]);
    const allowed = [
      'successRate: answered > 0 ? Math.round((completed / answered) * 100) : null,',
      'const percent = Math.round(AFFILIATE_COMMISSION_RATE * 100);',
      'return Math.round((monthlyPesewas * months * (100 - percent)) / 100);',
      'const percent = Math.round((commissions.customer / prices.customer) * 100);',
      'const rounded = Math.round(miles * 10) / 10;',
      "const label = 'Customer plan (₵ per month)';",
      'const size = `${(bytes / 1024).toFixed(1)} KB`;',
      "const body = { amount: toPesewas(x), currency: 'GHS' };",
    ];
    for (const code of allowed) expect(caughtIn(moneyFindings, one('a.ts', code)), code).toEqual([]);
  });
});

describe('every table is written only by its owner (api/src/features/table-owners.ts), api/seeds included', () => {
  const server = sources.filter((s) => s.path.startsWith('api/src/') || s.path.startsWith('api/seeds/'));

  it(
    'finds no write outside its owner',
    () => {
      expect(all(strayWrites, server)).toEqual([]);
    },
    SCAN,
  );

  it('catches planted writes: builder and SQL, a table name in a constant or a template, a query kept in a variable, a table named by a variable, api/seeds', () => {
    const caught: Record<string, string>[] = [
      one('api/src/features/bookings/service.ts', "await trx('users').where({ id }).update({ x: 1 });"),
      one('api/src/features/bookings/service.ts', "const USERS = 'users';\nawait db(USERS).insert(row);"),
      one('api/src/features/bookings/service.ts', "await db(`users as u`).where('u.id', id).del();"),
      one(
        'api/src/features/bookings/service.ts',
        "const q = db('payments').where({ reference });\nawait q.update({ status });",
      ),
      one('api/src/features/bookings/service.ts', 'await db.insert(row).into("sessions");'),
      one('api/src/features/bookings/service.ts', "await db.raw('update users set status = ? where id = ?', [s, id]);"),
      one(
        'api/src/features/bookings/service.ts',
        "const table = 'users';\nawait trx.raw(`INSERT INTO ${table} (rating) values (?)`, [5]);",
      ),
      one('api/src/features/bookings/service.ts', 'export const wipe = (db: Db, table: string) => db(table).del();'),
      {
        'api/src/features/bookings/tables.ts': "export const PAYMENTS = 'payments';",
        'api/src/features/bookings/service.ts':
          "import { PAYMENTS as P } from './tables.ts';\nawait conn(P).insert(row);",
      },
      one('api/seeds/demo.ts', "const [user] = await trx('users').insert({ email }).returning('id');"),
    ];
    for (const files of caught) expect(caughtIn(strayWrites, files), JSON.stringify(files)).not.toEqual([]);
    const allowed = [
      "const row = await db('users').where({ id }).first();",
      "const rows = await db('bookings as b').join('users as u', 'u.id', 'b.customer_id').update({ x: 1 });",
      "await db.raw('select id from users where id = ? for update', [id]);",
      "await db('notaTable').insert({ x: 1 });",
      "const rows = await db(table).where(owner, id).select('id');",
    ];
    for (const code of allowed)
      expect(
        caughtIn(strayWrites, one('api/src/features/bookings/service.ts', code)).filter(
          (f) => !f.why.includes('bookings ('),
        ),
        code,
      ).toEqual([]);
    const [write] = caughtIn(
      strayWrites,
      one('api/src/features/bookings/service.ts', "await trx('users').where({ id }).update({ x: 1 });"),
    );
    expect(write.why).toBe('writes users (.update()), which features/accounts owns: call a function of the owner');
    expect(
      caughtIn(strayWrites, one('api/src/features/accounts/users.ts', "await trx('users').update({ x: 1 });")),
    ).toEqual([]);
  });
});

describe('no routes.ts touches the database', () => {
  const routeFiles = sources.filter((s) => /^api\/src\/features\/[^/]+\/routes\.ts$/.test(s.path));

  it(
    'finds the route files, and no query in them',
    () => {
      expect(routeFiles.length).toBeGreaterThan(10);
      expect(all(queriesIn, routeFiles)).toEqual([]);
    },
    SCAN,
  );

  it('catches planted queries, the database under another name included, and lets it be passed on', () => {
    const caught = [
      "import type { Knex } from 'knex';",
      "await deps.db('users').where({ id }).first();",
      'await db.transaction(async (t) => t.commit());',
      "await deps.db.raw('select 1');",
      "const { db: d } = deps;\nawait d('users').first();",
      "const q = deps.db;\nawait q('users').first();",
      "const q = builder.whereRaw('lower(email) = ?', [email]);",
      "const q = builder.from('users');",
    ];
    for (const code of caught)
      expect(caughtIn(queriesIn, one('api/src/features/x/routes.ts', code)), code).not.toEqual([]);
    const allowed = [
      'return await findBookings(deps.db, ctx.state.user.id, { status });',
      'const { db, clock } = deps;',
      "// a comment may say db('users')",
      'const bytes = Buffer.from(text); const list = Array.from(set);',
      "import { isEmbedded } from '../../db.ts';",
    ];
    for (const code of allowed)
      expect(caughtIn(queriesIn, one('api/src/features/x/routes.ts', code)), code).toEqual([]);
  });
});

/**
 * Effects that start a read by themselves: a read belongs in a store (`onMount`) or in `useLoad`.
 * The push cards check this phone each time one appears, because the browser's permission can
 * change in its settings while the store stays watched, so a store's first watcher is not enough.
 */
const READS_IN_EFFECTS = ['site/src/ui/PushCards.tsx:58', 'site/src/ui/PushCards.tsx:133'];

describe('islands do not start server reads in effects', () => {
  it(
    'only the push cards start a server read in an effect',
    () => {
      const found = all(effectReadFindings).map((f) => f.split(': ')[0]);
      expect(found).toEqual(READS_IN_EFFECTS);
    },
    SCAN,
  );

  it('catches planted reads: aliased, through a function of the file, a useCallback, React.useEffect; and lets a write or a focus be', () => {
    const caught = [
      "import { useEffect as onShow } from 'react';\nonShow(() => { void loadPhotos(id); }, [id]);",
      "import { call as ask } from '../lib/call.ts';\nuseEffect(() => { ask(listPhotos, {}).then(setPhotos); }, []);",
      'function start() { return fetch(url); }\nuseEffect(() => { start(); }, []);',
      'const reload = useCallback(async () => setRows(await apiFetch(PATHS.list)), []);\nuseEffect(() => { void reload(); }, [reload]);',
      'React.useLayoutEffect(() => { store.refresh(); }, []);',
      'const go = () => { void checkStatus(); };\nuseEffect(go, []);',
    ];
    for (const code of caught)
      expect(caughtIn(effectReadFindings, one('site/src/islands/X/X.tsx', code)), code).toHaveLength(1);
    const allowed = [
      'useEffect(() => { heading.current?.focus(); }, []);',
      "useEffect(() => { setError(new Error('Failed to fetch')); }, []);",
      'const onClick = () => apiFetch(PATHS.save, { method: "POST" });',
      "useEffect(() => { void apiFetch(PATHS.save, { method: 'POST', body }); }, [body]);",
      'useEffect(() => { restore(readDraft()); }, []);',
      'useEffect(() => { fn.call(null); }, []);',
    ];
    for (const code of allowed)
      expect(caughtIn(effectReadFindings, one('site/src/islands/X/X.tsx', code)), code).toEqual([]);
    expect(
      caughtIn(effectReadFindings, one('site/src/stores/x.ts', 'useEffect(() => { void loadX(); }, []);')),
    ).toEqual([]);
  });
});

describe('refusals are decided by their code, not their HTTP status', () => {
  it(
    'finds no decision by status in site/src outside lib/refusals.ts (and the client that builds the errors), .astro files included',
    () => {
      expect(all(statusFindings).map((f) => f.split(': ')[0])).toEqual([]);
    },
    SCAN,
  );

  it('catches planted decisions: a status kept in a variable or destructured, a constant, a list, a switch, an .astro page', () => {
    const caught: Record<string, string>[] = [
      one('site/src/x.ts', 'if (error.status === 401) signOut();'),
      one('site/src/x.ts', 'const s = (err as ApiError).status;\nif (s >= 400 && s < 500) show();'),
      one('site/src/x.ts', 'const { status: code } = error;\nif (code === 404) gone();'),
      one('site/src/x.ts', 'const NOT_FOUND = 404;\nif (error.status === NOT_FOUND) gone();'),
      one('site/src/x.ts', 'if ([500, 503].includes(error.status)) retry();'),
      one('site/src/x.ts', 'const FAULTS = [500, 502];\nif (FAULTS.includes(e.status)) retry();'),
      one('site/src/x.ts', 'switch (error.status) { case 429: wait(); }'),
      one(
        'site/src/pages/x.astro',
        '---\nconst status = (err as { status?: number }).status;\nconst refused = status && status >= 400;\n---\n<p>x</p>',
      ),
      one('site/src/pages/x.astro', '---\n---\n<p>{error.status === 410 && "Gone"}</p>'),
    ];
    for (const files of caught) expect(caughtIn(statusFindings, files), JSON.stringify(files)).not.toEqual([]);
    const allowed = [
      "if (status === 'loading' || items.length > 400) wait();",
      "if (error.code === 'signed_out') signOut();",
      'Astro.response.status = 410;',
      "const open = ['pending', 'paid'].includes(outcome.status);",
    ];
    for (const code of allowed) expect(caughtIn(statusFindings, one('site/src/x.ts', code)), code).toEqual([]);
    expect(caughtIn(statusFindings, one('site/src/lib/api.ts', 'if (error.status >= 400) x();'))).toEqual([]);
  });
});

/**
 * Imports of one island by another that wait for their shared part to move to site/src/ui/
 * (counted per importing file): the count may only go down.
 */
const ISLAND_IMPORTS: Record<string, number> = {};

describe('islands never import other islands', () => {
  it(
    'finds no island importing another (nor the kit, lib or stores importing an island)',
    () => {
      const found: Record<string, number> = {};
      for (const f of all(islandImportFindings)) {
        const file = f.split(':')[0];
        found[file] = (found[file] ?? 0) + 1;
      }
      expect(found).toEqual(ISLAND_IMPORTS);
    },
    SCAN,
  );

  it('catches planted imports: static, type-only, dynamic, re-exported, a stylesheet; and lets an island import its own parts and the kit', () => {
    const caught = [
      "import { ProCard } from '../FindPro/ProCard.tsx';",
      "import type { Row } from '../FindPro/store.ts';",
      "const Chat = lazy(() => import('../Chat/ChatPanel.tsx'));",
      "export { ProCard } from '../FindPro/ProCard.tsx';",
      "import '../Reports/reports.css';",
    ];
    for (const code of caught)
      expect(caughtIn(islandImportFindings, one('site/src/islands/CustomerDashboard/X.tsx', code)), code).toHaveLength(
        1,
      );
    expect(
      caughtIn(
        islandImportFindings,
        one('site/src/ui/X.tsx', "import { ProCard } from '../islands/FindPro/ProCard.tsx';"),
      ),
    ).toHaveLength(1);
    const allowed = [
      "import { Card } from './Card.tsx';",
      "import { Card } from '../../ui/kit.tsx';",
      "import './x.css';",
    ];
    for (const code of allowed)
      expect(caughtIn(islandImportFindings, one('site/src/islands/CustomerDashboard/X.tsx', code)), code).toEqual([]);
  });
});

/**
 * What components outside the kit draw by hand that the kit draws (site/src/ui/kit.tsx,
 * site/src/ui/Tabs.tsx). The budgets are the counts left; a count above its budget fails, and
 * so does a budget above its count (lower it when a part moves to the kit).
 */
const KIT_BUDGETS: Record<string, Partial<HandDrawn>> = {
  'islands/AdminConsole/AdminLogin.tsx': { sections: 1 },
  'islands/AdminConsole/ReportParty.tsx': { sections: 1 },
  'islands/AdminConsole/UserPhotos.tsx': { sections: 1 },
  'islands/ApiTest/ApiTest.tsx': { sections: 3 },
  'islands/DevMailbox/DevMailbox.tsx': { errors: 1 },
  'islands/LoginDebug/LoginDebug.tsx': { sections: 1 },
  'islands/PaymentDiagnostics/PaymentDebug.tsx': { errors: 3, sections: 1 },
  'islands/PaymentDiagnostics/PaymentTest.tsx': { errors: 1, sections: 1 },
  'islands/SignIn/IdentifierFields.tsx': { copies: 1 },
  'islands/SignIn/PaymentPanel.tsx': { errors: 1, sections: 1 },
  'islands/SignIn/SignIn.tsx': { errors: 1 },
  'islands/SignUpWizard/Done.tsx': { errors: 1 },
  'islands/SignUpWizard/PaymentError.tsx': { errors: 2 },
  'islands/SignUpWizard/ProfileStep.tsx': { errors: 2, copies: 1 },
  'islands/guard/DashboardPanel.tsx': { sections: 1 },
  'islands/guard/SessionEnded.tsx': { sections: 1 },
  'ui/affiliate-dashboard/AffiliateDashboard.tsx': { errors: 1 },
  'ui/affiliate-dashboard/Earnings.tsx': { errors: 1 },
  'ui/booking-dialog/BookingSummary.tsx': { sections: 1 },
  'ui/booking-dialog/DateGrid.tsx': { tables: 1 },
  'ui/booking-dialog/RatePanel.tsx': { sections: 1 },
  'ui/chat/ChatPanel.tsx': { errors: 1, sections: 1 },
  'ui/chat/Composer.tsx': { errors: 1 },
  'ui/customer-dashboard/BookingCard.tsx': { errors: 1 },
  'ui/customer-dashboard/MyBookings.tsx': { sections: 1 },
  'ui/customer-dashboard/Overview.tsx': { sections: 3 },
  'ui/customer-dashboard/ReviewForm.tsx': { errors: 1 },
  'ui/find-pro/FindPro.tsx': { sections: 1 },
  'ui/general-dashboard/CustomerView.tsx': { sections: 1 },
  'ui/professional-dashboard/JobCard.tsx': { errors: 1 },
  'ui/professional-dashboard/JobRequests.tsx': { sections: 1, filters: 1 },
  'ui/professional-dashboard/ProfileTab.tsx': { sections: 1 },
  'ui/professional-dashboard/RateCard.tsx': { errors: 1 },
  'ui/professional-dashboard/Schedule.tsx': { errors: 1, tables: 1 },
  'ui/professional-dashboard/VerificationCard.tsx': { sections: 1 },
  'ui/professional-dashboard/WorkPhotos.tsx': { sections: 1 },
  'ui/reports/ReportCard.tsx': { errors: 1, sections: 1 },
  'ui/reschedule/BookingTime.tsx': { errors: 2 },
  'ui/reschedule/ExpiredRequest.tsx': { errors: 1, sections: 1 },
  'ui/subscription/SubscriptionCard.tsx': { errors: 1, sections: 1 },
};

const KINDS = ['errors', 'sections', 'tables', 'copies', 'filters'] as const;

function budgetProblems(counts: Record<string, HandDrawn>, budgets: Record<string, Partial<HandDrawn>>) {
  const over: string[] = [];
  const slack: string[] = [];
  for (const file of new Set([...Object.keys(counts), ...Object.keys(budgets)]))
    for (const kind of KINDS) {
      const count = counts[file]?.[kind] ?? 0;
      const budget = budgets[file]?.[kind] ?? 0;
      if (count > budget) over.push(`${file}: ${count} ${kind} drawn by hand, budget ${budget}: use the kit`);
      if (budget > count) slack.push(`${file}: budget of ${budget} ${kind}, ${count} left: lower it to ${count}`);
    }
  return { over, slack };
}

describe('screens use the kit where a kit part exists', () => {
  const counts = Object.fromEntries(
    sources.filter((s) => drawsScreens(s.path)).map((s) => [s.path.slice('site/src/'.length), handDrawn(project, s)]),
  );

  it(
    'no component draws more by hand than its budget, and every budget is its count',
    () => {
      expect(budgetProblems(counts, KIT_BUDGETS)).toEqual({ over: [], slack: [] });
    },
    SCAN,
  );

  it('catches planted parts drawn by hand: a class in a variable or a template, createElement, a copy of a kit part, a filter group', () => {
    const count = (code: string) => {
      const {
        project: p,
        sources: [s],
      } = planted(one('site/src/components/X.tsx', code));
      return handDrawn(p, s);
    };
    const none = { errors: 0, sections: 0, tables: 0, copies: 0, filters: 0 };
    expect(count('const cls = "form-problem";\nexport const A = () => <p className={cls}>x</p>;')).toEqual({
      ...none,
      errors: 1,
    });
    expect(count('export const A = () => <span className={`auth-error ${x}`}>x</span>;')).toEqual({
      ...none,
      errors: 1,
    });
    expect(count('export const A = () => <div className={clsx("x", bad && "field-error")} />;')).toEqual({
      ...none,
      errors: 1,
    });
    expect(count("export const A = () => createElement('section', null, createElement('table'));")).toEqual({
      ...none,
      sections: 1,
      tables: 1,
    });
    expect(count('function DraftField() { return null; }\nconst StatusTabs = () => null;')).toEqual({
      ...none,
      copies: 2,
    });
    expect(
      count(
        'export const A = () => <><div role="tablist" /><div role="group">{xs.map((x) => <button aria-pressed={x.on} />)}</div></>;',
      ),
    ).toEqual({ ...none, filters: 2 });
    expect(count('export const A = () => <div className="admin-filters"><select /></div>;')).toEqual(none);
    expect(count('export const A = () => <ScrollTable><table /></ScrollTable>;')).toEqual(none);
    expect(count('export const A = () => <p className="is-alert field-hint">x</p>;')).toEqual(none);
    expect(budgetProblems({ 'X.tsx': { ...none, errors: 1 } }, {}).over).toHaveLength(1);
    expect(budgetProblems({}, { 'Gone.tsx': { sections: 1 } }).slack).toHaveLength(1);
  });
});

/**
 * Islands stay small (docs/HOUSE-RULES.md "Browser"): an island is split along the lines its
 * stores draw, one component per step or section and its logic in small `.ts` modules (docs/RECIPES.md
 * "Add an island"). The files and components not split yet have a ceiling of their own.
 */
const FILE_LIMIT = 250;
const FUNCTION_LIMIT = 150;
const FILE_EXEMPTIONS: Record<string, { limit: number; why: string }> = {
  'islands/AdminConsole/UserDialog.tsx': { limit: 280, why: "an account's dialog: not split yet" },
};
const FUNCTION_EXEMPTIONS: Record<string, { limit: number; why: string }> = {
  'islands/AffiliateWizard/AffiliateWizard.tsx SignupForm': {
    limit: 200,
    why: 'one form; the forms kit is to shorten it',
  },
};

describe('islands stay small', () => {
  const islands = sources
    .filter((s) => isIslandPart(s.path))
    .map((source) => ({ name: source.path.slice('site/src/'.length), source }));

  it(`no .tsx file of an island or of a part in site/src/ui/<folder> is longer than ${FILE_LIMIT} lines, nor a component than ${FUNCTION_LIMIT}, but for the named ones`, () => {
    const tooLong = islands.flatMap(({ name, source }) => [
      ...(lineCount(source) > (FILE_EXEMPTIONS[name]?.limit ?? FILE_LIMIT)
        ? [`${name}: ${lineCount(source)} lines`]
        : []),
      ...[...functionLengths(source)]
        .filter(([fn, length]) => length > (FUNCTION_EXEMPTIONS[`${name} ${fn}`]?.limit ?? FUNCTION_LIMIT))
        .map(([fn, length]) => `${name} ${fn}: ${length} lines`),
    ]);
    expect(tooLong).toEqual([]);
  });

  it('names no exemption that is no longer needed', () => {
    const byName = new Map(islands.map(({ name, source }) => [name, source]));
    const stale = [
      ...Object.keys(FILE_EXEMPTIONS).filter((name) => {
        const source = byName.get(name);
        return !source || lineCount(source) <= FILE_LIMIT;
      }),
      ...Object.keys(FUNCTION_EXEMPTIONS).filter((key) => {
        const [name, fn] = key.split(' ');
        const source = byName.get(name);
        const length = source && functionLengths(source).get(fn);
        return !length || length <= FUNCTION_LIMIT;
      }),
    ];
    expect(stale).toEqual([]);
  });

  it('measures components declared as functions, as arrows and wrapped in memo', () => {
    const {
      sources: [s],
    } = planted(
      one(
        'site/src/islands/X/X.tsx',
        'import x from "y";\nexport function Card() {\n  if (x) {\n  }\n  return 1;\n}\nexport const Row = memo(() => {\n  return 2;\n});\n',
      ),
    );
    expect(functionLengths(s)).toEqual(
      new Map([
        ['Card', 5],
        ['Row', 3],
      ]),
    );
    expect(lineCount(s)).toBe(9);
  });
});
