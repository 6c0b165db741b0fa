#ifndef CLCTRACE_ZSTD_SHIM_H
#define CLCTRACE_ZSTD_SHIM_H
/* ZSTD_STATIC_LINKING_ONLY is not defined: lctrace uses the stable API only
   (ZSTD_decompressStream, ZSTD_DCtx_setParameter with ZSTD_d_windowLogMax). */
#include <zstd.h>
#include <zstd_errors.h>
#endif
