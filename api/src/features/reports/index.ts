/** The reports' public face: what other folders use of "Was the job done?" and problem reports. */
export { forgetReportWordsOf, reportViews } from './repo.ts';
