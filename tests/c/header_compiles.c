/* flydsl.h and kernels.h must compile as strict C11 on their own. */
#include "flydsl/flydsl.h"
#include "flydsl/kernels.h"

#include <stdio.h>

int main(void) {
  int ok = fly_abi_version() == FLYDSL_ABI_VERSION;
  printf("%s %d\n", fly_version(), ok);
  return ok ? 0 : 1;
}
