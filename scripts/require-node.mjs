// Plain JavaScript on purpose: it must run (and fail loudly) on whatever Node is on the PATH.
const required = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < required) {
  console.error(
    `\nThis project needs Node ${required}, but this script runs on Node ${process.versions.node}.\n` +
      "Node 24 is installed as the devDependency `node`: run `npm install` (with install scripts allowed),\n" +
      "then use the npm scripts (`npm start`, `npm test`), which put node_modules/.bin first on the PATH.\n",
  );
  process.exit(1);
}
