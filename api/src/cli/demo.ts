import { loadConfig } from '../config.ts';
import { closeDb, createDb, migrate } from '../db.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD, loadDemoData } from '../../seeds/demo.ts';

// `npm run demo`: loads demo data into the configured database (DATA_DIR or DATABASE_URL).
const config = loadConfig();
const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const { created, professionals } = await loadDemoData(db);
  console.log(
    created
      ? `Loaded demo data: ${created} accounts, ${professionals} of them professionals across all 12 categories and 10 cities.`
      : 'Demo data is already loaded.',
  );
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.userType.padEnd(12)} ${account.email}`);
  console.log(`  ${'admin'.padEnd(12)} ${DEMO_ADMIN} at /admin/login (unless an administrator existed already)`);
  console.log('\nStart the product with: npm start');
} finally {
  await closeDb(db);
}
