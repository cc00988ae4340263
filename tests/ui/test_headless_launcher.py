"""`ARCADE_HEADLESS=1 navalgames` runs the launcher as the tests do; `navalgames bench-idle` prints figures."""

from __future__ import annotations

import os
import subprocess
import sys
import time


def test_the_launcher_runs_headless_and_says_so_in_one_line(tmp_path):
    env = {**os.environ, "ARCADE_HEADLESS": "1", "NAVALGAMES_HOME": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", "navalgames"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(5)                     # long enough to have crashed, as it did in xinput
        still_running = process.poll() is None
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert still_running, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[0].startswith("navalgames: running headless")


def test_bench_idle_prints_each_screen_beside_arcades_minimal_window(tmp_path):
    env = {**os.environ, "ARCADE_HEADLESS": "1", "NAVALGAMES_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "navalgames", "bench-idle", "--seconds", "0.5",
                           "--screen", "launcher"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Idle CPU, 1280x800")
    assert lines[1].split()[0] == "arcade-minimal" and "cores" in lines[1]
    assert lines[2].split()[0] == "launcher" and "x the yardstick" in lines[2]
    assert len(lines) == 3


def test_bench_idle_refuses_a_bad_size_in_one_line():
    done = subprocess.run([sys.executable, "-m", "navalgames", "bench-idle", "--size", "big"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--size" in done.stderr
