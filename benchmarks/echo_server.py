#!/usr/bin/env python3
"""A trivial MCP server over stdio (newline-delimited JSON-RPC), the memory benchmark's target.

Same behaviour as io.mcpfuzzer.bench.EchoServer (initialize, ping, tools/list with echo(text),
tools/call answering the text), but a small process (about 10 MB RSS), so that the maximum RSS
/usr/bin/time -v reports for the fuzzer's process tree is the fuzzer's own. Ends at EOF.

With --stamp FILE it appends "first_request <ns>" when the first request arrives and
"first_call <ns>" at the first tools/call (time.time_ns(), wall clock), for start-up timing.
"""
import json
import sys
import time

TOOLS = {"tools": [{"name": "echo", "description": "Answers the text it is given.",
                    "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}},
                                    "required": ["text"]}}]}


def answer(msg):
    method, mid, params = msg.get("method"), msg.get("id"), msg.get("params") or {}
    if method is None or mid is None:
        return None
    if method == "initialize":
        result = {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                  "capabilities": {"tools": {}}, "serverInfo": {"name": "bench-echo", "version": "1"}}
    elif method == "ping":
        result = {}
    elif method == "tools/list":
        result = TOOLS
    elif method == "tools/call" and params.get("name") == "echo":
        text = (params.get("arguments") or {}).get("text")
        result = {"content": [{"type": "text", "text": text if isinstance(text, str) else json.dumps(text)}]}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "Method not found"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}


def stamp(path, what):
    if path:
        with open(path, "a") as f:
            f.write("%s %d\n" % (what, time.time_ns()))


def main():
    path = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--stamp" else None
    out = sys.stdout
    first_request = first_call = True
    for line in sys.stdin:
        if not line.strip():
            continue
        if first_request:
            stamp(path, "first_request")
            first_request = False
        if first_call and '"tools/call"' in line:
            stamp(path, "first_call")
            first_call = False
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
            reply = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
        else:
            reply = answer(msg) if isinstance(msg, dict) else None
        if reply is not None:
            out.write(json.dumps(reply, separators=(",", ":")) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
