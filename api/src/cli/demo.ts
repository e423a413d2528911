import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD, loadDemoData } from '../../seeds/demo.ts';
import type { DemoLoadedAnswer } from '../../../contract/dev.ts';
import { runOnDatabase } from './data-dir-command.ts';

// `npm run demo`: loads demo data into the configured database (DATA_DIR or DATABASE_URL), or has
// the running server load it when the server has the embedded folder open.
function report({ created, professionals }: { created: number; professionals: number }, serverRunning: boolean) {
  console.log(
    created
      ? `Loaded demo data: ${created} accounts, ${professionals} of them professionals across all 12 categories and 10 cities.`
      : 'Demo data is already loaded.',
  );
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) {
    // The professional's number opens the phone menu: npm run ussd -- --phone 0249000005.
    const phone = account.userType === 'professional' ? `  phone ${account.phone.replace('+233', '0')}` : '';
    console.log(`  ${account.userType.padEnd(12)} ${account.email}${phone}`);
  }
  console.log(`  ${'admin'.padEnd(12)} ${DEMO_ADMIN} at /admin/login (unless an administrator existed already)`);
  console.log(serverRunning ? '\nThe running server has them now.' : '\nStart the product with: npm start');
}

await runOnDatabase(
  'npm run demo',
  async (db) => report(await loadDemoData(db), false),
  async (server) => report((await (await server.call('/demo', {})).json()) as DemoLoadedAnswer, true),
);
