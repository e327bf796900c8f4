/* A stand-in for libamdhip64.so for the HIP driver's test on machines
 * without ROCm: it reports the HIP version FAKE_HIP_VERSION and no
 * devices, and has every symbol the driver resolves. Each call succeeds
 * (returns 0) and does nothing. */
#ifndef FAKE_HIP_VERSION
#error "define FAKE_HIP_VERSION"
#endif

int hipRuntimeGetVersion(int *v) { *v = FAKE_HIP_VERSION; return 0; }
int hipGetDeviceCount(int *n) { *n = 0; return 0; }
const char *hipGetErrorName(int e) { (void)e; return "hipErrorFake"; }
const char *hipGetErrorString(int e) { (void)e; return "fake"; }

#define STUB(name) int name(void) { return 0; }
STUB(hipInit)
STUB(hipDeviceGetName)
STUB(hipDeviceGetAttribute)
STUB(hipDeviceTotalMem)
STUB(hipGetDevicePropertiesR0600)
STUB(hipSetDevice)
STUB(hipMalloc)
STUB(hipFree)
STUB(hipMemcpyHtoD)
STUB(hipMemcpyDtoH)
STUB(hipMemcpyHtoDAsync)
STUB(hipMemcpyDtoHAsync)
STUB(hipHostMalloc)
STUB(hipHostFree)
STUB(hipStreamCreateWithFlags)
STUB(hipStreamDestroy)
STUB(hipStreamSynchronize)
STUB(hipDeviceSynchronize)
STUB(hipEventCreateWithFlags)
STUB(hipEventRecord)
STUB(hipEventSynchronize)
STUB(hipEventElapsedTime)
STUB(hipEventDestroy)
STUB(hipModuleLoadData)
STUB(hipModuleUnload)
STUB(hipModuleGetFunction)
STUB(hipFuncSetAttribute)
STUB(hipModuleLaunchKernel)
STUB(hipPointerGetAttributes)
