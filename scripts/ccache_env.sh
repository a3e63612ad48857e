# Sourced from the checkout's root by the scripts that build: compiles go through ccache where it
# is installed, with paths under the checkout taken relative to it and the build folder left out
# of the hash. Build folders whose compile lines are the same (build/ and the wheel's
# .mesonpy-*) then share objects; without these two settings each folder misses the other's.
if command -v ccache >/dev/null; then
  export CC="ccache gcc" CXX="ccache g++" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
