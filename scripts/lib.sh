# Shared by scripts/serve, scripts/test and scripts/bench. Each ensure_* step checks first and
# installs only what is missing, so a second run costs seconds.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
# The splitter (crate wasm_split_cli_support) is not read from Cargo.lock as wasm-bindgen's CLI
# is: it is a tool, not a dependency, and its versions do not follow those of the crates
# Cargo.lock holds (wasm_split_helpers and wasm_split_macros, through Leptos: helpers 0.2.3 go
# with splitter 0.2.2). What must agree is the format the helpers mark the wasm with, shared by
# the 0.2 series and checked by the splitter. So this line is the one home of its version, and
# ensure_wasm_split stops when Cargo.lock's helpers leave the splitter's series.
WASM_SPLIT_VERSION=0.2.2
# Reads a wasm's functions by name and size, for scripts/size-profile (not needed by the tests).
TWIGGY_VERSION=0.8.0
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "need root for: $*"; fi
}

ensure_rust() {
  command -v rustup >/dev/null || die "rustup is required (https://rustup.rs)"
  # rust-toolchain.toml pins the toolchain and the wasm32 target; this installs them if missing.
  rustup show active-toolchain >/dev/null 2>&1 || rustup toolchain install
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (about 6 minutes)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
}

# A package's version in Cargo.lock.
locked_version() {
  cargo pkgid -p "$1" | sed 's/.*@//'
}

wasm_bindgen_version() {
  locked_version wasm-bindgen
}

ensure_wasm_bindgen() {
  local v
  v=$(wasm_bindgen_version)
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $v" ]; then
    say "installing wasm-bindgen-cli $v (must match Cargo.lock)"
    # --locked can fail on a yanked transitive release; the unlocked install still pins the CLI.
    cargo install wasm-bindgen-cli --version "$v" --locked || cargo install wasm-bindgen-cli --version "$v"
  fi
}

ensure_node_modules() {
  command -v npm >/dev/null || die "Node.js and npm are required"
  if [ ! -f node_modules/.satchel-installed ] || [ package-lock.json -nt node_modules/.satchel-installed ]; then
    say "installing node packages (wasm-opt, Playwright, axe-core, selenium-webdriver)"
    npm ci --no-audit --no-fund
    touch node_modules/.satchel-installed
  fi
  wasm-opt --version | grep -q "version $BINARYEN_VERSION" || die "wasm-opt $BINARYEN_VERSION not first on PATH"
}

# Whether "$1" is a browser or driver that actually starts (Ubuntu's chromium is a stub that
# asks for a snap instead).
runs() {
  [ -n "$1" ] && "$1" --version >/dev/null 2>&1
}

# Picks the browser and driver for the browser tests, in this order: the caller's
# (SATCHEL_CHROMIUM and CHROMEDRIVER), a GitHub runner's Chrome and its matching ChromeDriver
# ($CHROMEWEBDRIVER), a working chromium and chromedriver on PATH, or Debian's packages.
ensure_chromium() {
  if runs "${SATCHEL_CHROMIUM:-}" && runs "${CHROMEDRIVER:-}"; then
    :
  elif [ -n "${CHROMEWEBDRIVER:-}" ] && runs "$(command -v google-chrome)" && runs "$CHROMEWEBDRIVER/chromedriver"; then
    SATCHEL_CHROMIUM=$(command -v google-chrome)
    CHROMEDRIVER="$CHROMEWEBDRIVER/chromedriver"
  else
    if ! runs "$(command -v chromium)" || ! runs "$(command -v chromedriver)"; then
      grep -qx 'ID=debian' /etc/os-release 2>/dev/null ||
        die "no working chromium and chromedriver: install a real Chromium or Chrome and its ChromeDriver, and put them on PATH as chromium and chromedriver (or set SATCHEL_CHROMIUM and CHROMEDRIVER)"
      say "installing Chromium and ChromeDriver from Debian"
      as_root apt-get update
      # One command, so the browser and its driver come at the same version.
      as_root apt-get install -y --no-install-recommends chromium chromium-driver
    fi
    SATCHEL_CHROMIUM=$(command -v chromium)
    CHROMEDRIVER=$(command -v chromedriver)
  fi
  export SATCHEL_CHROMIUM CHROMEDRIVER
  # pdftoppm turns the print tests' PDFs into pictures.
  if ! command -v pdftoppm >/dev/null; then
    say "installing pdftoppm (poppler-utils)"
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends poppler-utils
  fi
  # webdriver.json names Debian's browser; the wasm tests get a copy naming any other.
  if [ "$SATCHEL_CHROMIUM" != "$(node -p 'require("./webdriver.json")["goog:chromeOptions"].binary')" ]; then
    mkdir -p target
    node -e '
      const c = require("./webdriver.json");
      c["goog:chromeOptions"].binary = process.argv[1];
      require("fs").writeFileSync("target/webdriver.json", JSON.stringify(c, null, 2));
    ' "$SATCHEL_CHROMIUM"
    export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/target/webdriver.json"
  fi
}

# WebKitGTK's WebDriver (WebKitWebDriver, with its MiniBrowser) and a virtual display for it, from
# Debian, for the WebKit suite (tests/webkit/): the engine of every browser on an iPhone. Only
# what is missing is installed. WEBKIT_WEBDRIVER and WEBKIT_BROWSER name them for the suite.
ensure_webkit() {
  local pkgs=()
  command -v WebKitWebDriver >/dev/null || pkgs+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null || pkgs+=(xvfb)
  # xauth: xvfb-run needs it, and Debian's xvfb only recommends it.
  command -v xauth >/dev/null || pkgs+=(xauth)
  if [ ${#pkgs[@]} -gt 0 ]; then
    # Debian's package names, which Ubuntu shares (a GitHub runner has neither installed).
    command -v apt-get >/dev/null ||
      die "missing ${pkgs[*]}: install WebKitGTK's WebDriver (WebKitWebDriver) and xvfb-run"
    say "installing ${pkgs[*]} with apt-get"
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends "${pkgs[@]}"
  fi
  WEBKIT_WEBDRIVER=$(command -v WebKitWebDriver)
  # Debian's libwebkit2gtk-4.1-0 (which the driver depends on) ships MiniBrowser, off PATH.
  if [ -z "${WEBKIT_BROWSER:-}" ]; then
    local b
    for b in /usr/lib/*/webkit2gtk-4.1/MiniBrowser; do [ -x "$b" ] && WEBKIT_BROWSER=$b; done
  fi
  [ -x "${WEBKIT_BROWSER:-}" ] || die "no MiniBrowser beside WebKitWebDriver (set WEBKIT_BROWSER)"
  export WEBKIT_WEBDRIVER WEBKIT_BROWSER
}

# The WebKit journeys (tests/webkit/, node's test runner) in WebKitGTK under a virtual display,
# against dist/ (or SATCHEL_DIST) as the release build left it. One file at a time: each starts
# browsers of its own, and the machine may have two cores.
webkit_tests() {
  xvfb-run -a -s "-screen 0 1280x1024x24" node --test --test-concurrency=1 tests/webkit/*.test.mjs
}

# wasm32 cargo commands. cargo ignores .cargo/config.toml's rustflags whenever the caller set
# RUSTFLAGS or CARGO_ENCODED_RUSTFLAGS; then both are passed, joined (scripts/rustflags.mjs).
cargo_wasm32() {
  if [ -n "${RUSTFLAGS:-}${CARGO_ENCODED_RUSTFLAGS:-}" ]; then
    CARGO_ENCODED_RUSTFLAGS=$(node scripts/rustflags.mjs) cargo "$@"
  else
    cargo "$@"
  fi
}

ensure_wasm_split() {
  local helpers
  helpers=$(locked_version wasm_split_helpers)
  [ "${helpers%.*}" = "${WASM_SPLIT_VERSION%.*}" ] ||
    die "Cargo.lock has wasm_split_helpers $helpers, which wasm_split_cli $WASM_SPLIT_VERSION may not read: set WASM_SPLIT_VERSION in scripts/lib.sh to a ${helpers%.*}.x release"
  # The tool has no --version; cargo's install record (~/.cargo/.crates.toml) knows it.
  if ! command -v wasm_split_cli >/dev/null || ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    say "installing wasm_split_cli $WASM_SPLIT_VERSION (splits the wasm into on-demand chunks)"
    cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
  fi
}

ensure_twiggy() {
  if [ "$(twiggy --version 2>/dev/null)" != "twiggy $TWIGGY_VERSION" ]; then
    say "installing twiggy $TWIGGY_VERSION (about 2 minutes)"
    cargo install twiggy --version "$TWIGGY_VERSION" --locked
  fi
}

build_release() {
  say "trunk build --release ${*:-}"
  trunk build --release --offline "$@"
}
