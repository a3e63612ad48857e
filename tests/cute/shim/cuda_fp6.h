#pragma once
// Empty on purpose: CuTe's layout headers include it but use nothing from it on the host.
