#!/usr/bin/env node
// Runs mcp-fuzzer as the client of an @modelcontextprotocol/conformance "client" scenario with OAuth turned on.
//
// Usage (as the suite's --command): node conformance-oauth-client.mjs <fuzzer command...> <server URL>
//
// The suite passes the scenario in MCP_CONFORMANCE_SCENARIO and its credentials in MCP_CONFORMANCE_CONTEXT
// (JSON: client_id, client_secret, private_key_pem, signing_algorithm). This script maps them to the fuzzer's
// --oauth options, given as their MCP_FUZZER_OAUTH_* environment variables so that no secret is on a command
// line: --oauth --oauth-headless (the suite's authorization servers approve at once), the suite's client ID
// metadata document URL, --oauth-client-id, --oauth-client-secret, and the private key written to a 0600 file for
// --oauth-private-key-file with --oauth-signing-alg. The grant is left to the fuzzer (client_credentials when the
// authorization server offers only that grant, or a private key is given). Exits with the fuzzer's exit code.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error('usage: conformance-oauth-client.mjs <fuzzer command...> <server URL>');
  process.exit(2);
}
let context = {};
if (process.env.MCP_CONFORMANCE_CONTEXT) {
  try {
    context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT);
  } catch (e) {
    console.error('conformance-oauth-client: MCP_CONFORMANCE_CONTEXT is not JSON');
    process.exit(2);
  }
}
const env = { ...process.env };
env.MCP_FUZZER_OAUTH = 'true';
env.MCP_FUZZER_OAUTH_HEADLESS = 'true';
env.MCP_FUZZER_OAUTH_CLIENT_ID_METADATA_URL = CIMD_URL;
if (typeof context.client_id === 'string') env.MCP_FUZZER_OAUTH_CLIENT_ID = context.client_id;
if (typeof context.client_secret === 'string') env.MCP_FUZZER_OAUTH_CLIENT_SECRET = context.client_secret;
let keyDir = null;
if (typeof context.private_key_pem === 'string') {
  keyDir = mkdtempSync(join(tmpdir(), 'mcp-fuzzer-key-'));
  const keyFile = join(keyDir, 'client-key.pem');
  writeFileSync(keyFile, context.private_key_pem, { mode: 0o600 });
  env.MCP_FUZZER_OAUTH_PRIVATE_KEY_FILE = keyFile;
  if (typeof context.signing_algorithm === 'string') env.MCP_FUZZER_OAUTH_SIGNING_ALG = context.signing_algorithm;
}
const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env });
const cleanup = () => { if (keyDir) rmSync(keyDir, { recursive: true, force: true }); };
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
child.on('error', (e) => {
  cleanup();
  console.error(`conformance-oauth-client: cannot start ${argv[0]}: ${e.message}`);
  process.exit(1);
});
