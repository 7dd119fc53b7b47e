"""A stand-in for the game: shows its terminal and echoes keys.

It prints ``ready COLSxROWS tty=yes|no name=... identity=...``, then
``size COLSxROWS`` after every SIGWINCH and ``key 'x'`` for every byte
typed; ``q`` ends it with exit status 3.  Start-up stays light (no
imports beyond the standard library) so that tests can open many sessions.
"""

import os
import shutil
import signal
import sys
import tty


def main() -> int:
    tty.setraw(0)
    signal.signal(signal.SIGWINCH, lambda *_: say("size %dx%d" % tuple(shutil.get_terminal_size())))  # noqa: UP031
    controlling = os.tcgetpgrp(0) == os.getpgrp()
    extra = " ".join(f"fd{n}" for n in range(3, 6) if _is_open(n))
    width, height = shutil.get_terminal_size()
    say(
        f"ready {width}x{height} tty={'yes' if controlling else 'no'} name={os.environ.get('JANTAKU_SSH_NAME')} "
        f"identity={os.environ.get('JANTAKU_SSH_IDENTITY')} term={os.environ.get('TERM')} inherited=[{extra}] "
        f"auth_sock={os.environ.get('SSH_AUTH_SOCK')} env={','.join(sorted(os.environ))}"
    )
    while True:
        data = os.read(0, 1024)
        if not data:
            return 0
        for byte in data:
            if byte == ord("q"):
                say("bye")
                return 3
            say("key %r" % chr(byte))  # noqa: UP031


def say(line: str) -> None:
    os.write(1, line.encode() + b"\r\n")  # unbuffered: safe from a signal handler too


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


if __name__ == "__main__":
    sys.exit(main())
