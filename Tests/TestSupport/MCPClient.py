"""The MCP Python SDK (PyPI `mcp`) as a client of `catalog mcp`: the judge of the catalog's
Model Context Protocol server. Reads one JSON request from the file named first (or standard
input),
{"command": [ARGV…], "calls": [{"name": TOOL, "arguments": {…}}, …]}, starts the server over
stdio, initializes, lists the tools, makes each call in order, and prints one JSON answer:
{"server": {"name", "version"}, "tools": [TOOL…], "calls": [{"isError": BOOL, "text": TEXT}, …]}.
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main(request):
    command = request["command"]
    parameters = StdioServerParameters(command=command[0], args=command[1:], env=request.get("environment"))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            tools = await session.list_tools()
            calls = []
            for call in request["calls"]:
                result = await session.call_tool(call["name"], call.get("arguments") or {})
                texts = [part.text for part in result.content if part.type == "text"]
                calls.append({"isError": bool(result.is_error), "text": "".join(texts)})
            return {
                "server": {"name": initialized.server_info.name, "version": initialized.server_info.version},
                "tools": [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools.tools],
                "calls": calls,
            }


with (open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin) as source:
    print(json.dumps(asyncio.run(main(json.load(source)))))
