// Loaded with `node --import` before every npm script that runs TypeScript. Plain JavaScript, so an
// older Node can read it: Node 24 runs the .ts files directly, an older one stops with
// ERR_UNKNOWN_FILE_EXTENSION and no hint of the cause.

export const REQUIRED_MAJOR = 24;

/** The one line to print when `version` (like process.versions.node) cannot run the project, else null. */
export function nodeVersionProblem(version) {
  const major = Number(String(version).split('.')[0]);
  if (major >= REQUIRED_MAJOR) return null;
  return `ServiceConnect Ghana needs Node.js ${REQUIRED_MAJOR} and this is Node.js ${version}: run \`npm install\` (it puts Node ${REQUIRED_MAJOR} in node_modules/.bin), then run the command again through npm (\`npm start\`, \`npm run …\`).`;
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
