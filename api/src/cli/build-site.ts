import { buildSite } from '../site.ts';

await buildSite();
