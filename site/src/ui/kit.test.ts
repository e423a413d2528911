import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../contract/source-files.test-helper.ts';

/**
 * Forms and cards are built from the kit (site/src/ui/kit.tsx; docs/HOUSE-RULES.md "Browser"): an
 * island that draws a field's error, a card section or a table by hand is counted here against its
 * budget. The budgets are what was left when the kit came; they only go down: a count above its
 * budget fails, and so does a budget above its count (lower it when you move a part to the kit).
 */

interface HandDrawn {
  /** A class named …-error or …-alert: a field's error or a form's problem drawn by hand (Field, FormProblem). */
  errors: number;
  /** A <section>: a card section written by hand (Card). */
  sections: number;
  /** A <table> not in a ScrollTable (a calendar grid is budgeted too). */
  tables: number;
}

const ISLANDS = new URL('../islands/', import.meta.url).pathname;

/** Budgets by island file (under site/src/islands/); a file not listed has none. */
const BUDGETS: Record<string, Partial<HandDrawn>> = {
  'AdminConsole/AdminLogin.tsx': { sections: 1 },
  'AdminConsole/ReportsTab.tsx': { sections: 1 },
  'AdminConsole/UserPhotos.tsx': { sections: 1 },
  'AffiliateDashboard/AffiliateDashboard.tsx': { errors: 1 },
  'AffiliateDashboard/Earnings.tsx': { errors: 1 },
  'ApiTest/ApiTest.tsx': { sections: 3 },
  'BookingDialog/BookingSummary.tsx': { sections: 1 },
  'BookingDialog/DateGrid.tsx': { tables: 1 },
  'BookingDialog/RatePanel.tsx': { sections: 1 },
  'Chat/ChatPanel.tsx': { errors: 1, sections: 1 },
  'Chat/Composer.tsx': { errors: 1 },
  'CustomerDashboard/BookingCard.tsx': { errors: 1 },
  'CustomerDashboard/MyBookings.tsx': { sections: 1 },
  'CustomerDashboard/Overview.tsx': { sections: 3 },
  'CustomerDashboard/ReviewForm.tsx': { errors: 1 },
  'DevMailbox/DevMailbox.tsx': { errors: 1 },
  'FindPro/FindPro.tsx': { sections: 1 },
  'GeneralDashboard/CustomerView.tsx': { sections: 1 },
  'LoginDebug/LoginDebug.tsx': { sections: 1 },
  'PaymentDiagnostics/PaymentDebug.tsx': { errors: 3, sections: 1 },
  'PaymentDiagnostics/PaymentTest.tsx': { errors: 1, sections: 1 },
  'ProfessionalDashboard/JobCard.tsx': { errors: 1 },
  'ProfessionalDashboard/JobRequests.tsx': { sections: 1 },
  'ProfessionalDashboard/ProfileForm.tsx': { errors: 2 },
  'ProfessionalDashboard/ProfileTab.tsx': { sections: 1 },
  'ProfessionalDashboard/RateCard.tsx': { errors: 1 },
  'ProfessionalDashboard/Schedule.tsx': { errors: 1, tables: 1 },
  'ProfessionalDashboard/VerificationCard.tsx': { sections: 1 },
  'ProfessionalDashboard/WorkPhotos.tsx': { sections: 1 },
  'Reports/ReportCard.tsx': { errors: 1, sections: 1 },
  'Reschedule/BookingTime.tsx': { errors: 2 },
  'Reschedule/ExpiredRequest.tsx': { errors: 1, sections: 1 },
  'SignIn/SignIn.tsx': { errors: 1 },
  'SignIn/PaymentPanel.tsx': { errors: 1, sections: 1 },
  'SignUpWizard/Done.tsx': { errors: 1 },
  'SignUpWizard/PaymentError.tsx': { errors: 2 },
  'SignUpWizard/ProfileStep.tsx': { errors: 2 },
  'Subscription/SubscriptionCard.tsx': { errors: 1, sections: 1 },
  'guard/DashboardPanel.tsx': { sections: 1 },
  'guard/SessionEnded.tsx': { sections: 1 },
};

const ERROR_CLASS = /(?<![\w-])(?!is-)[a-z][a-z-]*-(?:error|alert)(?![\w-])/g;
const CLASS_ATTRIBUTE = /className=(?:"([^"]*)"|\{([^}]*)\})/g;

/** What a source file draws by hand that the kit draws. */
function countHandDrawn(source: string): HandDrawn {
  let errors = 0;
  for (const [, quoted, expression] of source.matchAll(CLASS_ATTRIBUTE)) {
    errors += ((quoted ?? expression ?? '').match(ERROR_CLASS) ?? []).length;
  }
  return {
    errors,
    sections: (source.match(/<section\b/g) ?? []).length,
    tables: (source.match(/<table\b/g) ?? []).length,
  };
}

const KINDS = ['errors', 'sections', 'tables'] as const;

/** Every count above its budget and every budget above its count, in words. */
function budgetProblems(
  counts: Record<string, HandDrawn>,
  budgets: Record<string, Partial<HandDrawn>>,
): { over: string[]; slack: string[] } {
  const over: string[] = [];
  const slack: string[] = [];
  for (const file of new Set([...Object.keys(counts), ...Object.keys(budgets)])) {
    for (const kind of KINDS) {
      const count = counts[file]?.[kind] ?? 0;
      const budget = budgets[file]?.[kind] ?? 0;
      if (count > budget) over.push(`${file}: ${count} ${kind} drawn by hand, budget ${budget}`);
      if (budget > count) slack.push(`${file}: budget of ${budget} ${kind}, ${count} left: lower it to ${count}`);
    }
  }
  return { over, slack };
}

function islandCounts(): Record<string, HandDrawn> {
  const files = filesUnder(ISLANDS, (path) => path.endsWith('.tsx') && !path.includes('.test.'));
  return Object.fromEntries(files.map((path) => [relative(ISLANDS, path), countHandDrawn(readFileSync(path, 'utf8'))]));
}

describe('forms and cards come from the kit', () => {
  it('no island draws more field errors, card sections or tables by hand than its budget', () => {
    expect(budgetProblems(islandCounts(), BUDGETS).over).toEqual([]);
  });

  it('every budget is its island’s count (budgets only go down)', () => {
    expect(budgetProblems(islandCounts(), BUDGETS).slack).toEqual([]);
  });

  it('counts a planted hand-drawn error, section and table, and reports them over budget', () => {
    const planted = [
      '<section className="card pd-card"><h2>Planted</h2>',
      '<p className="wz-alert" role="alert">{problem}</p>',
      '<span id={errorId} className={error ? "auth-error" : undefined}>{error}</span>',
      '<div className="auth-panel is-alert"><table className="pd-table" /></div></section>',
    ].join('\n');
    const counts = { 'Planted/Planted.tsx': countHandDrawn(planted) };
    expect(counts['Planted/Planted.tsx']).toEqual({ errors: 2, sections: 1, tables: 1 });
    expect(budgetProblems(counts, {}).over).toHaveLength(3);
    expect(budgetProblems(counts, { 'Planted/Planted.tsx': { errors: 2, sections: 1, tables: 1 } })).toEqual({
      over: [],
      slack: [],
    });
    expect(budgetProblems({}, { 'Gone/Gone.tsx': { sections: 1 } }).slack).toHaveLength(1);
  });
});
