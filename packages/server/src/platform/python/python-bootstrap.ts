/**
 * The program the interpreter runs (`python -I -S -B -c <this> cpu memory file result`): it reads
 * `{code, input}` from stdin, sets hard resource limits, installs an audit hook the script cannot remove
 * (no sockets, processes, ctypes, or files outside its temp dir beyond the standard library), then runs
 * the script with `platform_input` and `platform_output` and writes the result as one JSON line to fd 3.
 */
export const pythonBootstrapSource = String.raw`import sys


def _main():
    import builtins
    import io
    import json
    import os
    import posix
    import resource
    import signal

    cpu_seconds, memory_bytes, file_bytes, result_bytes = (int(value) for value in sys.argv[1:5])
    request = json.loads(sys.stdin.buffer.read())
    sys.argv = ['<report>']
    # The script may read its input from stdin too.
    sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(request['input']).encode()), encoding='utf-8')
    sys.stdout.reconfigure(encoding='utf-8', errors='backslashreplace')
    sys.stderr.reconfigure(encoding='utf-8', errors='backslashreplace')

    # Hard limits as well as soft ones, so the script cannot raise them again.
    # The CPU limit's hard value is a second later: the soft one sends SIGXCPU, the hard one SIGKILL.
    for limit, soft, hard in (
        (resource.RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
        (resource.RLIMIT_AS, memory_bytes, memory_bytes),
        (resource.RLIMIT_FSIZE, file_bytes, file_bytes),
        (resource.RLIMIT_CORE, 0, 0),
        (resource.RLIMIT_NOFILE, 64, 64),
    ):
        resource.setrlimit(limit, (soft, hard))
    # A file past the size limit then fails with an error instead of killing the process.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    # The hook uses only these captured values: the script may rebind builtins and module attributes but
    # cannot reach this closure (the hook is referenced from nowhere else once _main returns, and the
    # ways to its frames and cells, gc, tracing and traceback frames, are denied).
    lstat = posix.lstat
    stat = posix.stat
    len_of = len
    readlink = posix.readlink
    getcwd = posix.getcwd
    type_of = type
    is_subclass = issubclass
    str_type = str
    bytes_type = bytes
    int_type = int
    bool_type = bool
    tuple_type = tuple
    denied_error = PermissionError
    whole = slice(None)
    copy_str = str.__getitem__
    copy_bytes = bytes.__getitem__
    decode_bytes = bytes.decode
    link_mode = 0o120000
    type_mask = 0o170000
    directory_mode = 0o040000
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def exact_text(value):
        """A plain str copy of a str or bytes value (subclasses could lie), else None."""
        kind = type_of(value)
        if kind is str_type:
            return value
        if is_subclass(kind, str_type):
            return copy_str(value, whole)
        if is_subclass(kind, bytes_type):
            return decode_bytes(copy_bytes(value, whole), 'utf-8', 'surrogateescape')
        return None

    def resolve(path):
        """The real path as the kernel follows it: symbolic links (/proc's too) and '..' resolved."""
        pending = path.split('/')
        pending.reverse()
        resolved = ''
        links = 0
        while pending:
            part = pending.pop()
            if part == '' or part == '.':
                continue
            if part == '..':
                resolved = resolved[: resolved.rfind('/')]
                continue
            candidate = resolved + '/' + part
            try:
                mode = lstat(candidate).st_mode
            except OSError:
                resolved = candidate
                continue
            if mode & type_mask == link_mode:
                links += 1
                if links > 40:
                    raise denied_error('too many symbolic links')
                target = readlink(candidate)
                if target.startswith('/'):
                    resolved = ''
                parts = target.split('/')
                parts.reverse()
                pending.extend(parts)
                continue
            resolved = candidate
        return resolved or '/'

    work_directory = resolve(getcwd())
    candidates = [resolve(entry) for entry in sys.path if entry]
    candidates += ['/usr/share/zoneinfo', '/dev/null', '/dev/urandom']
    readable_roots = tuple_type(root for root in candidates if root != '/')

    def is_inside(path, root):
        return path == root or path.startswith(root + '/')

    def base_of(event, directory_fd):
        """Where a relative path starts: the working directory, or the directory an fd argument names."""
        # Types are checked before any comparison: a comparison could run the script's code in here.
        if directory_fd is None:
            return getcwd()
        if type_of(directory_fd) is not int_type:
            raise denied_error(event + ': dir_fd must be an int in the report sandbox')
        if directory_fd == -1:
            return getcwd()
        return readlink('/proc/self/fd/' + str_type(directory_fd))

    def check_path(event, path, is_write, follows_last_link=True, directory_fd=None):
        kind = type_of(path)
        if kind is int_type or kind is bool_type:
            return
        text = '.' if path is None else exact_text(path)
        if text is None:
            raise denied_error(event + ': only str or bytes paths are allowed in the report sandbox')
        absolute = (text if text.startswith('/') else base_of(event, directory_fd) + '/' + text).rstrip('/')
        last = absolute[absolute.rfind('/') + 1 :]
        if follows_last_link or last in ('', '.', '..'):
            real = resolve(absolute)
        else:
            # Removing, renaming or creating a link acts on the link itself, not on where it points.
            real = resolve(absolute[: absolute.rfind('/')]).rstrip('/') + '/' + last
        if is_inside(real, work_directory):
            return
        if not is_write:
            for root in readable_roots:
                if is_inside(real, root):
                    if event == 'open' and is_directory(real):
                        break
                    return
        raise denied_error(event + ': ' + text + ' is outside the report sandbox')

    def is_directory(path):
        # A directory outside opened as an fd could anchor dir_fd paths the 'open' event does not show.
        try:
            return stat(path).st_mode & type_mask == directory_mode
        except OSError:
            return False

    def check_link_target(target):
        # Only links down from their own directory: wherever a link is moved inside the temp dir, and
        # whatever races a thread runs, a path inside then stays inside.
        text = exact_text(target)
        if text is None or text.startswith('/'):
            raise denied_error('os.symlink: only relative links down into the temp dir are allowed')
        for part in text.split('/'):
            if part in ('', '.', '..'):
                raise denied_error('os.symlink: only relative links down into the temp dir are allowed')

    denied_events = frozenset(
        [
            'os.chdir', 'os.system', 'os.fork', 'os.forkpty', 'os.kill', 'os.killpg', 'os.chroot', 'os.setuid',
            'os.mkfifo', 'os.mknod', 'os.posix_spawn', 'os.posix_spawnp', 'os.add_dll_directory',
            'resource.setrlimit', 'resource.prlimit', 'signal.pthread_kill', 'sys._current_frames',
            'sys._current_exceptions', 'sys.settrace', 'sys.setprofile', 'sys.remote_exec',
            'sys.monitoring.register_callback', 'gc.get_objects', 'gc.get_referrers', 'gc.get_referents',
            'code.__new__', 'function.__new__', 'marshal.loads', 'marshal.load', 'webbrowser.open', 'urllib.Request',
        ]
    )
    denied_prefixes = (
        'socket.', 'subprocess.', 'os.exec', 'os.spawn', 'ctypes.', 'pty.', 'http.client.', 'ftplib.',
        'smtplib.', 'poplib.', 'imaplib.', 'nntplib.', 'telnetlib.', 'cpython.run_', '_winapi.',
    )
    denied_modules = frozenset(
        [
            'ctypes', '_ctypes', '_posixsubprocess', 'subprocess', 'socket', '_socket', 'ssl', '_ssl',
            'multiprocessing', '_multiprocessing', 'pty', 'termios', '_testcapi', '_testinternalcapi',
            '_testbuffer', '_testmultiphase', '_xxsubinterpreters', '_xxinterpchannels', 'faulthandler',
        ]
    )
    frame_attributes = frozenset(['tb_frame', 'gi_frame', 'cr_frame', 'ag_frame'])
    guarded_attributes = frozenset(['__code__'])
    link_events = frozenset(['os.remove', 'os.rmdir', 'os.rename', 'os.symlink'])
    read_events = frozenset(['os.listdir', 'os.scandir', 'os.getxattr', 'os.listxattr'])
    # Per event: the positions of its path arguments, each with the position of its dir_fd (or None).
    path_arguments = {
        'os.listdir': ((0, None),), 'os.scandir': ((0, None),), 'os.getxattr': ((0, None),),
        'os.listxattr': ((0, None),), 'os.mkdir': ((0, 2),), 'os.rmdir': ((0, 1),), 'os.remove': ((0, 1),),
        'os.rename': ((0, 2), (1, 3)), 'os.link': ((0, 2), (1, 3)), 'os.symlink': ((1, 2),),
        'os.truncate': ((0, None),), 'os.chmod': ((0, 2),), 'os.chown': ((0, 3),), 'os.utime': ((0, 3),),
        'os.chflags': ((0, None),), 'os.lchflags': ((0, None),), 'os.setxattr': ((0, None),),
        'os.removexattr': ((0, None),),
    }

    def hook(event, arguments):
        if type_of(arguments) is not tuple_type:
            raise denied_error('audit arguments must be a tuple in the report sandbox')
        if event in denied_events or event.startswith(denied_prefixes):
            raise denied_error(event + ' is not allowed in the report sandbox')
        if event == 'open':
            flags = arguments[2]
            check_path(event, arguments[0], type_of(flags) is not int_type or flags & write_flags != 0)
        elif event in path_arguments:
            if event == 'os.symlink':
                check_link_target(arguments[0])
            count = len_of(arguments)
            for path_index, fd_index in path_arguments[event]:
                directory_fd = arguments[fd_index] if fd_index is not None and fd_index < count else None
                check_path(
                    event,
                    arguments[path_index],
                    event not in read_events,
                    event not in link_events,
                    directory_fd,
                )
        elif event == 'import':
            name = exact_text(arguments[0])
            if name is None or name.partition('.')[0] in denied_modules:
                raise denied_error('import of ' + str_type(name) + ' is not allowed in the report sandbox')
        elif event in ('object.__getattr__', 'object.__setattr__', 'object.__delattr__'):
            name = exact_text(arguments[1])
            if name is None:
                raise denied_error(event + ' with a name that is not a str')
            if name in frame_attributes or (event != 'object.__getattr__' and name in guarded_attributes):
                raise denied_error(event + ' ' + name + ' is not allowed in the report sandbox')

    outcome = {}
    dumps = json.dumps
    write = os.write

    def platform_output(html=None, data=None):
        """What the report shows: html (a str or None) and data (anything JSON encodes)."""
        if html is not None and not isinstance(html, str):
            raise TypeError('platform_output: html must be a str or None')
        encoded = dumps({'html': html, 'data': data}, allow_nan=False)
        if len(encoded) > result_bytes:
            raise ValueError('platform_output: the result is larger than ' + str(result_bytes) + ' bytes')
        outcome['encoded'] = encoded

    def finish():
        # The result goes to its own descriptor (3), never mixed with what the script prints.
        encoded = outcome.get('encoded')
        if encoded is not None:
            payload = (encoded + '\n').encode('utf-8')
            while payload:
                payload = payload[write(3, payload) :]

    namespace = {
        '__name__': '__main__',
        '__builtins__': builtins,
        'platform_input': request['input'],
        'platform_output': platform_output,
    }
    code = compile(request['code'], '<report>', 'exec')
    # Modules still to import compile from their source: loading compiled files would need marshal,
    # which is denied because hand-made bytecode can corrupt memory.
    sys.pycache_prefix = '/dev/null/pycache'
    sys.addaudithook(hook)
    return code, namespace, finish


_code, _namespace, _finish = _main()
del _main
try:
    exec(_code, _namespace)
finally:
    _finish()
`;
