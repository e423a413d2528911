import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { writeAppManifest } from './app-manifest.ts';
import { addModulePreloads, type ModuleGraph } from './module-preload.ts';
import { precompress } from './precompress.ts';
import { narrowScriptFreePolicies } from './script-free-csp.ts';
import { buildServiceWorker } from './service-worker.ts';

/**
 * What `astro build` does after Astro has written the site, so that it alone gives the site the
 * server sends (api/src/site.ts only serves it): module preloads in each page's head, the narrow
 * policy of pages that run no script, the web app manifest and its icons, the service worker (its
 * precache list revisions the final pages), then .br/.gz twins of every text file (last, so they
 * hold the final pages and the worker).
 */
export default function buildSteps(): AstroIntegration {
  const graph = new Map<string, string[]>();
  /** Records each module's static imports as the client bundle is written (Rolldown's own record). */
  const clientGraph = (base: string): Plugin => ({
    name: 'build-steps:client-graph',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(_options, bundle) {
      const sitePath = (fileName: string) => `${base}${fileName}`;
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') graph.set(sitePath(output.fileName), output.imports.map(sitePath));
      }
    },
  });
  return {
    name: 'build-steps',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({ vite: { plugins: [clientGraph(config.base.endsWith('/') ? config.base : `${config.base}/`)] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const preloaded = await addModulePreloads(clientDir, graph as ModuleGraph);
        const narrowed = await narrowScriptFreePolicies(clientDir);
        await writeAppManifest(clientDir);
        const worker = await buildServiceWorker(clientDir);
        const compressed = await precompress(clientDir);
        logger.info(
          `${preloaded} pages with module preloads, ${narrowed} with script-src 'none', ` +
            `a service worker of ${worker.workerBytes} bytes precaching ${worker.entries} files (${worker.precachedBytes} bytes), ` +
            `${compressed} files precompressed`,
        );
      },
    },
  };
}
