# What the two commands need and a fresh machine lacks, installed or named in one line. Sourced by
# Config/demo.sh (the main job), Scripts/test.sh (the test suite) and Scripts/sanitizers.sh; nothing
# here runs by itself.
#
# Debian packages are installed with apt-get when the script runs as root; otherwise the command
# stops with the one line to run (exit 69). Python tools go into a virtual environment of the
# project's own under .build/ (never the system's python), made again whenever their pins change.

# The Debian packages Beckon builds against: libyaml, SQLite, libpq (the PostgreSQL store plugin),
# ICU (templates in content texts) and pkg-config, which finds them.
beckon_build_packages=(libyaml-dev libsqlite3-dev libpq-dev libicu-dev pkg-config)

# Installs the Debian packages among "$@" that are not installed, or stops saying how.
need_debian_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages; run: sudo apt-get install -y ${missing[*]}" >&2
    exit 69
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The test suite's Python tools, pinned in Scripts/test-tools.txt, in .build/test-tools/ (made
# again when the pins change: the file is copied there once every tool is installed).
test_tools=.build/test-tools
need_test_tools() {
  if cmp -s Scripts/test-tools.txt "$test_tools/test-tools.txt"; then return 0; fi
  echo "setup: installing the test tools (Scripts/test-tools.txt) in $test_tools/"
  rm -rf "$test_tools"
  python3 -m venv "$test_tools"
  "$test_tools/bin/python" -m pip install --quiet --disable-pip-version-check -r Scripts/test-tools.txt
  cp Scripts/test-tools.txt "$test_tools/test-tools.txt"
}

# What the test suite needs: the build's packages, the PostgreSQL server its tests start
# themselves, Chromium for the browser tests, and the Python tools (Scripts/test.sh and
# Scripts/sanitizers.sh run the suite).
need_test_suite() {
  need_debian_packages "${beckon_build_packages[@]}" postgresql chromium
  need_test_tools
}
