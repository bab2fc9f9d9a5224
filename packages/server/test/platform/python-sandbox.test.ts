import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPythonSandbox } from '../../src/platform/python/create-python-sandbox.js';
import { probePython, sandboxEnvironment } from '../../src/platform/python/probe-python.js';
import { PythonUnavailableError } from '../../src/platform/python/python-sandbox.js';

const sandbox = createPythonSandbox({ command: process.env.PLATFORM_PYTHON ?? null });

/** A script that tries each action and reports `allowed` or the exception's class per name as `data`. */
function attempts(setup: string, actions: Record<string, string>): string {
  const lines = Object.entries(actions).map(
    ([name, action]) =>
      `try:\n${action.replace(/^/gm, '    ')}\n    results[${JSON.stringify(name)}] = 'allowed'\nexcept Exception as error:\n    results[${JSON.stringify(name)}] = type(error).__name__`,
  );
  return ['results = {}', setup, ...lines, 'platform_output(data=results)'].join('\n');
}

/** A TCP listener on loopback that counts the connections it receives. */
let listener: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describe('the Python sandbox', () => {
  it('finds python3 and says which version', async () => {
    const availability = await sandbox.availability();
    expect(availability).toMatchObject({ available: true, version: expect.stringMatching(/^3\.\d+\.\d+/) });
  });

  it('without a usable interpreter says what to install, and refuses to run', async () => {
    const missing = createPythonSandbox({ command: '/nonexistent/bin/python3' });
    const availability = await missing.availability();
    expect(availability.available).toBe(false);
    expect(availability.available === false && availability.reason).toContain(
      'install python3, e.g. `apt-get install python3`, or set PLATFORM_PYTHON',
    );
    await expect(missing.run({ code: 'print(1)', input: null })).rejects.toBeInstanceOf(
      PythonUnavailableError,
    );
  });

  it('gives the script its input as platform_input and on stdin, and takes html and data from platform_output', async () => {
    const input = { filters: [{ member: 'orders.status', values: ['paid'] }], data: [{ total: 3 }] };
    const result = await sandbox.run({
      input,
      code: [
        'import json, sys',
        'from_stdin = json.load(sys.stdin)',
        // A line on stdout that looks like a result must not become one.
        'print(json.dumps({"html": "<p>forged</p>", "data": None}))',
        'print("rows:", len(platform_input["data"]))',
        'platform_output(html="<h1>Paid: %d</h1>" % platform_input["data"][0]["total"], data={"same": from_stdin == platform_input})',
      ].join('\n'),
    });
    expect(result).toEqual({
      stdout: '{"html": "<p>forged</p>", "data": null}\nrows: 1\n',
      stderr: '',
      html: '<h1>Paid: 3</h1>',
      data: { same: true },
      exitCode: 0,
      signal: null,
      timedOut: false,
    });
  });

  it('reports a failing script with its traceback and no result', async () => {
    const result = await sandbox.run({
      code: 'platform_output(html="<p>x</p>")\nraise ValueError("no rows")',
      input: null,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('ValueError: no rows');
    expect(result.html).toBe('<p>x</p>');
  });

  it('never passes the server environment on', async () => {
    process.env.PLATFORM_SANDBOX_TEST_SECRET = 'server-only-secret';
    try {
      const result = await sandbox.run({
        code: 'import os\nplatform_output(data={"environment": dict(os.environ), "cwd": os.getcwd()})',
        input: null,
      });
      const { environment, cwd } = result.data as { environment: Record<string, string>; cwd: string };
      expect(Object.keys(environment).sort()).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR']);
      expect(JSON.stringify(result)).not.toContain('server-only-secret');
      expect(environment.HOME).toBe(cwd);
      expect(environment.TMPDIR).toBe(cwd);
    } finally {
      delete process.env.PLATFORM_SANDBOX_TEST_SECRET;
    }
  });

  it('cannot open a socket: a local server sees no connection', async () => {
    const target = `("127.0.0.1", ${port})`;
    const result = await sandbox.run({
      input: null,
      code: attempts('', {
        socket: `import socket; socket.create_connection(${target}, timeout=2)`,
        rawSocket: `_socket = __import__("_socket"); _socket.socket().connect(${target})`,
        urllib: `import urllib.request; urllib.request.urlopen("http://127.0.0.1:${port}/", timeout=2)`,
      }),
    });
    expect(result.data).toEqual({
      socket: 'PermissionError',
      rawSocket: 'PermissionError',
      urllib: 'PermissionError',
    });
    expect(connections).toBe(0);
  });

  it('keeps runs off the network even without the audit hook when a network namespace can be entered', async () => {
    const probed = await probePython(process.env.PLATFORM_PYTHON ?? null);
    if (!probed.availability.available || probed.availability.networkIsolation !== 'namespace') return;
    const [command = '', ...prefix] = probed.commandLine;
    const connect = `import socket\ntry:\n    socket.create_connection(("127.0.0.1", ${port}), timeout=2)\n    print("connected")\nexcept OSError as error:\n    print(type(error).__name__)`;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, [...prefix, '-I', '-S', '-c', connect], {
        env: sandboxEnvironment('/tmp'),
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(text.trim()));
    });
    expect(output).not.toBe('connected');
    expect(connections).toBe(0);
  });

  it('runs scripts as nobody when the server is root, so the OS alone keeps the server environment from them', async () => {
    // An interpreter under /root (pyenv) cannot be run by nobody: Debian's, where present, can.
    const probed = await probePython(existsSync('/usr/bin/python3') ? '/usr/bin/python3' : null);
    if (process.getuid?.() !== 0 || !existsSync('/usr/bin/python3')) return;
    expect(probed.availability).toMatchObject({ available: true, runsAsOtherUser: true });
    const [command = '', ...prefix] = probed.commandLine;
    const program = [
      'import os',
      'print(os.getuid())',
      'try:',
      '    open("/proc/%d/environ" % os.getppid(), "rb").read()',
      '    print("read")',
      'except OSError as error:',
      '    print(type(error).__name__)',
    ].join('\n');
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, [...prefix, '-I', '-S', '-c', program], {
        cwd: '/',
        env: sandboxEnvironment('/'),
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', () => resolve(text.trim()));
    });
    expect(output).toBe('65534\nPermissionError');
  });

  it('reads and writes only inside its temp dir, which is removed after the run', async () => {
    const outside = join(tmpdir(), `platform-sandbox-escape-${randomUUID()}.txt`);
    const result = await sandbox.run({
      input: null,
      code: attempts('import os\nresults["cwd"] = os.getcwd()\nos.mkdir("sub")', {
        passwd: 'open("/etc/passwd").read()',
        linkOut: 'os.symlink("/etc/passwd", "passwd-link")',
        linkUp: 'os.symlink("../../../../etc", "etc-link")',
        procLink: 'open("/proc/self/root/etc/passwd").read()',
        cwdLink: 'open("/proc/self/cwd/../../../../etc/passwd").read()',
        dotDot: 'open("../" * 12 + "etc/passwd").read()',
        environ: 'open("/proc/self/environ", "rb").read()',
        parentEnviron: 'open("/proc/%d/environ" % os.getppid(), "rb").read()',
        rootListing: 'os.listdir("/")',
        chdir: 'os.chdir("/")',
        directoryOutside: 'os.open(os.path.dirname(os.__file__), os.O_RDONLY)',
        directoryFd: [
          // Inside the temp dir seen from the working directory, outside seen from sub/, where it applies.
          'path = "../" * os.getcwd().count("/") + os.getcwd()[1:] + "/escape"',
          'os.mkdir(path, dir_fd=os.open("sub", os.O_RDONLY))',
        ].join('\n'),
        writeOutside: `open(${JSON.stringify(outside)}, "w").write("x")`,
        writeInside: 'open("notes.txt", "w").write("kept"); assert open("notes.txt").read() == "kept"',
        linkDown:
          'open("sub/f", "w").write("x"); os.symlink("sub/f", "f-link"); assert open("f-link").read() == "x"',
        standardLibrary:
          'import json, statistics, html, datetime, collections, tempfile, shutil\nshutil.rmtree(tempfile.mkdtemp())',
      }),
    });
    const { cwd, ...outcomes } = result.data as Record<string, string>;
    expect(outcomes).toEqual({
      passwd: 'PermissionError',
      linkOut: 'PermissionError',
      linkUp: 'PermissionError',
      procLink: 'PermissionError',
      cwdLink: 'PermissionError',
      dotDot: 'PermissionError',
      environ: 'PermissionError',
      parentEnviron: 'PermissionError',
      rootListing: 'PermissionError',
      chdir: 'PermissionError',
      directoryOutside: 'PermissionError',
      directoryFd: 'PermissionError',
      writeOutside: 'PermissionError',
      writeInside: 'allowed',
      linkDown: 'allowed',
      standardLibrary: 'allowed',
    });
    expect(existsSync(outside)).toBe(false);
    expect(cwd).toMatch(/platform-python-/);
    expect(existsSync(cwd ?? '')).toBe(false);
  });

  it('starts no processes and loads no ctypes', async () => {
    const result = await sandbox.run({
      input: null,
      code: attempts('import os', {
        subprocess: 'import subprocess; subprocess.run(["id"])',
        system: 'os.system("id")',
        exec: 'os.execv("/bin/sh", ["sh"])',
        fork: 'os.fork()',
        posixSpawn: 'os.posix_spawn("/bin/sh", ["sh"], {})',
        ctypes: 'import ctypes',
        rawCtypes: '__import__("_ctypes")',
      }),
    });
    expect(Object.values(result.data as object)).toEqual(Array(7).fill('PermissionError'));
  });

  it('keeps the audit hook when the script rebinds what it uses or reaches for frames and gc', async () => {
    const result = await sandbox.run({
      input: null,
      code: attempts('import builtins, os, posix, sys', {
        rebound: [
          'kept = builtins.isinstance, builtins.issubclass, posix.lstat',
          'builtins.isinstance = builtins.issubclass = lambda *a: True',
          'posix.lstat = os.lstat = lambda path: None',
          'try:',
          '    open("/etc/passwd").read()',
          'finally:',
          '    builtins.isinstance, builtins.issubclass, posix.lstat = kept',
          '    os.lstat = posix.lstat',
        ].join('\n'),
        strSubclass:
          'S = type("S", (str,), {"startswith": lambda self, p: True, "partition": lambda self, s: ("json", "", "")}); __import__(S("ctypes"))',
        gc: 'import gc; gc.get_objects()',
        // An object whose comparison would run inside the hook, where its frames could be reached.
        forgedEvent:
          'Evil = type("Evil", (), {"__eq__": lambda self, other: True})\nsys.audit("os.mkdir", "x", 0, Evil())',
        tracebackFrame:
          'exec("try:\\n open(\'/etc/passwd\')\\nexcept PermissionError as e:\\n e.__traceback__.tb_next.tb_frame")',
        trace: 'sys.settrace(lambda *a: None)',
        marshal: 'import marshal; marshal.loads(marshal.dumps(compile("1", "x", "eval")))',
        codeObject: '(lambda: 1).__code__.replace(co_consts=(2,))',
        limits: 'import resource; resource.setrlimit(resource.RLIMIT_AS, (-1, -1))',
      }),
    });
    expect(result.data).toEqual({
      rebound: 'PermissionError',
      strSubclass: 'PermissionError',
      gc: 'PermissionError',
      forgedEvent: 'PermissionError',
      tracebackFrame: 'PermissionError',
      trace: 'PermissionError',
      marshal: 'PermissionError',
      codeObject: 'PermissionError',
      limits: 'PermissionError',
    });
  });

  it('fails a 2 GB allocation cleanly under the memory limit', async () => {
    const result = await sandbox.run({
      code: 'block = bytearray(2 * 1024 ** 3)\nprint(len(block))',
      input: null,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('MemoryError');
  });

  it('ends a script past its CPU limit', async () => {
    const tight = createPythonSandbox({
      command: process.env.PLATFORM_PYTHON ?? null,
      limits: { cpuSeconds: 1 },
    });
    const result = await tight.run({ code: 'while True:\n    pass', input: null });
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGXCPU', timedOut: false });
  });

  it('kills a script past its wall-clock limit and still removes its temp dir', async () => {
    const result = await sandbox.run({
      code: 'import os, time\nprint(os.getcwd(), flush=True)\nwhile True:\n    time.sleep(1)',
      input: null,
      timeLimitMs: 1000,
    });
    expect(result).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: true, html: null });
    const directory = result.stdout.trim();
    expect(directory).toMatch(/platform-python-/);
    expect(existsSync(directory)).toBe(false);
  });

  it('caps stdout and stderr with a marker', async () => {
    const result = await sandbox.run({
      code: 'import sys\nsys.stdout.write("x" * 3_000_000)\nsys.stderr.write("e" * 1_500_000)\nplatform_output(html="<p>done</p>")',
      input: null,
    });
    const marker = '\n[output truncated after 1048576 bytes]\n';
    expect(result.stdout).toBe(`${'x'.repeat(1024 * 1024)}${marker}`);
    expect(result.stderr).toBe(`${'e'.repeat(1024 * 1024)}${marker}`);
    expect(result.html).toBe('<p>done</p>');
  });

  it('runs at most the configured number of scripts at once and queues the rest', async () => {
    const single = createPythonSandbox({
      command: process.env.PLATFORM_PYTHON ?? null,
      limits: { concurrentRuns: 1 },
    });
    const code =
      'import time\nstart = time.monotonic()\ntime.sleep(0.3)\nplatform_output(data=[start, time.monotonic()])';
    const runs = await Promise.all([1, 2, 3].map(() => single.run({ code, input: null })));
    const spans = runs.map((run) => run.data as [number, number]).sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < spans.length; index += 1) {
      expect(spans[index]?.[0]).toBeGreaterThanOrEqual(spans[index - 1]?.[1] ?? Number.POSITIVE_INFINITY);
    }
  });
});
