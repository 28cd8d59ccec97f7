// npm scripts put node_modules/.bin first on PATH, where the `node` package installs Node 24.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(`Node ${process.versions.node} is too old: run through npm scripts (they use the Node 24 from the "node" package) or install Node 24.`);
  process.exit(1);
}
