// Two facts on one subject over `memloop mcp --data DIR`, with the official TypeScript client: the phase "write"
// saves them (and a misspelt argument, which must be refused by name); every phase then reads the current value, the
// value as of a past date, every version and the subject's history, and prints what it got as one JSON line.
// The server's command comes as a JSON array in MEMLOOP_SERVER_COMMAND.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = JSON.parse(process.env.MEMLOOP_SERVER_COMMAND);
const phase = process.argv[2];
const transport = new StdioClientTransport({ command, args, stderr: "ignore" });
const client = new Client({ name: "ts-lifecycle", version: "1.0.0" });
await client.connect(transport);

const call = (name, args) => client.callTool({ name, arguments: args });
const shown = (result) => ({ isError: result.isError === true, text: result.content[0].text,
  structured: result.structuredContent ?? null });
const out = { phase };
if (phase === "write") {
  out.first = shown(await call("remember",
    { text: "Maria lives in Lisbon", subject: "Maria's home", valid_from: "2026-01-01" }));
  out.second = shown(await call("remember",
    { text: "Maria moved to Berlin", subject: "maria's  home", valid_from: "2026-03-01" }));
  out.misspelt = shown(await call("remember", { text: "Maria likes tea", subjet: "Maria's drink" }));
  out.badAsOf = shown(await call("recall", { query: "Maria", as_of: "last spring" }));
}
out.current = shown(await call("recall", { query: "where does Maria live", k: 5 }));
out.asOf = shown(await call("recall", { query: "where does Maria live", k: 5, as_of: "2026-02-01" }));
out.all = shown(await call("recall", { query: "where does Maria live", k: 5, include_superseded: true }));
out.history = shown(await call("history", { subject: "MARIA'S HOME" }));
console.log(JSON.stringify(out));
await client.close();
