#!/usr/bin/env bash
# Installs a private Julia 1.5.3 into .tools/julia, from Debian bullseye's packages.
# Bookworm has no Julia, so the bullseye .deb files are fetched with `apt-get download`
# through a source list passed by -o options (the system's apt configuration stays as it
# is) and unpacked with `dpkg -x`. Libraries that bookworm still ships are used from the
# system: the package's symlinks to them are pointed at the system's copies.
# Prints the path of the `julia` launcher. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$PWD/.tools/julia"
launcher="$prefix/bin/julia"
# A working install starts and survives a thrown exception (which needs bullseye's libunwind).
probe='f() = throw(ArgumentError("probe")); try; f(); catch; end; ENV["LD_PRELOAD"]; VERSION >= v"1.5" || exit(1)'

if [ -x "$launcher" ] && "$launcher" -e "$probe" >/dev/null 2>&1; then
  echo "$launcher"
  exit 0
fi

# Libraries from bookworm that bullseye's Julia links against.
system_libs=(libgfortran5 libquadmath0 libssh2-1 libcurl3-gnutls libgmp10
             libmpfr6 libpcre2-8-0)
missing=()
for p in "${system_libs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if ((${#missing[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup_julia: need root to install ${missing[*]} (apt-get install)" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ||
    { echo "setup_julia: could not install ${missing[*]}" >&2; exit 1; }
fi

# Julia and the libraries bookworm no longer ships, and bullseye's libunwind: Julia 1.5
# segfaults unwinding a thrown exception with bookworm's libunwind 1.6.
bullseye_debs=(julia libjulia1 julia-common libllvm9 libgit2-1.1 libhttp-parser2.9
               libmbedtls12 libmbedcrypto3 libmbedx509-0 libdsfmt-19937-1 libopenlibm3
               libutf8proc2 libffi7 libunwind8)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/archives/partial" "$work/debs"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
  "http://deb.debian.org/debian bullseye main" >"$work/bullseye.list"
apt_opts=(-o "Dir::Etc::SourceList=$work/bullseye.list" -o "Dir::Etc::SourceParts=/dev/null"
          -o "Dir::State::Lists=$work/lists" -o "Dir::Cache::Archives=$work/archives"
          -o "Dir::State::status=/dev/null" -o "APT::Sandbox::User=root")
echo "setup_julia: fetching Julia 1.5.3 from Debian bullseye" >&2
apt-get "${apt_opts[@]}" update -qq >/dev/null 2>&1 ||
  { echo "setup_julia: apt-get update of the bullseye list failed" >&2; exit 1; }
(cd "$work/debs" && apt-get "${apt_opts[@]}" download -qq "${bullseye_debs[@]}" >/dev/null 2>&1) ||
  { echo "setup_julia: apt-get download ${bullseye_debs[*]} failed" >&2; exit 1; }

rm -rf "$prefix"
mkdir -p "$prefix/bin"
for deb in "$work"/debs/*.deb; do dpkg -x "$deb" "$prefix/root"; done

libdir="$prefix/root/usr/lib/x86_64-linux-gnu"
while IFS= read -r link; do
  target="/usr/lib/x86_64-linux-gnu/$(basename "$(readlink "$link")")"
  [ -e "$target" ] || { echo "setup_julia: $link needs $target" >&2; exit 1; }
  ln -sf "$target" "$link"
done < <(find "$prefix/root" -xtype l)

cat >"$launcher" <<LAUNCH
#!/bin/sh
# libffi.so.7 and the other bullseye libraries live here, outside julia's own RUNPATH.
# Debian's Julia loads the nongnu libunwind globally, so C++'s __cxa_throw would reach its
# _Unwind_RaiseException while the library's landing pads use libgcc_s: any C++ exception
# inside a ccall'd library then aborts. Preloading libgcc_s gives C++ one unwinder.
export LD_PRELOAD="/lib/x86_64-linux-gnu/libgcc_s.so.1\${LD_PRELOAD:+:\$LD_PRELOAD}"
# Packages and compiled caches stay in the private folder, not in ~/.julia.
export JULIA_DEPOT_PATH="\${JULIA_DEPOT_PATH:-$prefix/depot}"
LD_LIBRARY_PATH="$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$prefix/root/usr/bin/julia" "\$@"
LAUNCH
chmod +x "$launcher"
"$launcher" -e "$probe" ||
  { echo "setup_julia: the unpacked Julia does not start" >&2; exit 1; }
echo "$launcher"
