"""LoginThrottle (throttle.py): wrong passwords back off per address and overall, on fake time."""

from __future__ import annotations

from jantaku.tui.web.throttle import LoginLimits, LoginThrottle


def _throttle(**limits) -> tuple[LoginThrottle, list[float]]:
    now = [0.0]
    return LoginThrottle(LoginLimits(**limits), clock=lambda: now[0]), now


def test_an_address_waits_twice_as_long_after_each_wrong_try_up_to_the_cap():
    throttle, now = _throttle(first_backoff=1.0, max_backoff=8.0, overall_burst=1000, overall_rate=1000.0)
    waits = []
    for _ in range(6):
        now[0] += throttle.wait("192.0.2.1")  # it waits exactly as long as it is told
        throttle.failed("192.0.2.1")
        waits.append(throttle.wait("192.0.2.1"))
    assert waits == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert throttle.wait("192.0.2.2") == 0.0  # another address is not held up
    now[0] += 7.9
    assert throttle.wait("192.0.2.1") > 0
    throttle.succeeded("192.0.2.1")  # the right password clears it
    assert throttle.wait("192.0.2.1") == 0.0
    throttle.failed("192.0.2.1")
    assert throttle.wait("192.0.2.1") == 1.0


def test_an_address_quiet_long_enough_starts_again_from_the_first_wait():
    throttle, now = _throttle(first_backoff=1.0, forget_after=600.0, overall_burst=1000)
    for _ in range(5):
        now[0] += throttle.wait("192.0.2.1")
        throttle.failed("192.0.2.1")
    now[0] += 600.0
    throttle.failed("192.0.2.1")
    assert throttle.wait("192.0.2.1") == 1.0


def test_wrong_tries_from_everywhere_share_a_handful_a_second():
    throttle, now = _throttle(overall_burst=5, overall_rate=5.0)

    def checked(addresses: list[str]) -> int:
        """How many of one wrong try from each address were checked."""
        count = 0
        for address in addresses:
            if throttle.wait(address) == 0:
                throttle.failed(address)
                count += 1
        return count

    assert checked([f"198.51.100.{i}" for i in range(100)]) == 5  # a hundred addresses at once
    assert throttle.wait("203.0.113.1") == 0.2  # a newcomer too waits for the next
    now[0] += 10.0  # refilled, but never past the burst
    assert checked([f"203.0.113.{i}" for i in range(100)]) == 5


def test_loopback_is_held_only_by_the_overall_limit():
    throttle, now = _throttle(overall_burst=3, overall_rate=1.0)
    for _ in range(3):
        assert throttle.wait("127.0.0.1") == 0.0
        throttle.failed("127.0.0.1")
    assert throttle.wait("127.0.0.1") == 1.0  # the door's budget, not an address's backoff
    now[0] += 1.0
    assert throttle.wait("127.0.0.1") == 0.0
