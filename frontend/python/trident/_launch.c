/* _trident_launch: the launch fast path of Trident's Python package.
 *
 * One call packs a kernel's runtime arguments from a tuple of Python values
 * and launches it through the runtime's C API (trident_kernel_launch,
 * reached by its address: the package loads libtrident-runtime with
 * ctypes), with no ctypes call and no struct.pack in between. The package
 * compiles this file with the machine's C compiler where it is used, as
 * Triton builds its launcher (trident/_launcher.py), and keeps the
 * pure-Python launcher where that is not possible.
 *
 * The structs below are runtime.h's (runtime API version 3); the package
 * checks the library's version before it uses this module.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  int kind;
  union {
    struct {
      void *buffer;
      size_t offset;
    } buffer;
    void *pointer;
    int64_t i;
    uint64_t u;
    double f;
  } value;
} arg_t;

typedef struct {
  size_t struct_size;
  uint32_t grid[3];
  void *stream;
} launch_config_t;

typedef void *(*launch_fn)(void *kernel, const launch_config_t *config,
                           const arg_t *args, size_t num_args);

enum { ARG_POINTER = 1, ARG_INT = 2, ARG_FLOAT = 3, ARG_UINT = 4 };
/* How a pointer argument's address is read. */
enum { ADDR_DATA_PTR = 0, ADDR_CALL = 1 };

#define MAX_ARGS 256

typedef struct {
  PyObject_HEAD
  launch_fn launch;
  void *kernel;
  Py_ssize_t n;
  Py_ssize_t pos[MAX_ARGS];
  int kind[MAX_ARGS];
  int addr[MAX_ARGS];
  PyObject *address; /* Python's address-of function, for ADDR_CALL */
  PyObject *grid3;   /* grid -> (x, y, z), or raises naming what is wrong */
  PyObject *check;   /* status -> raises the runtime's error */
  PyObject *error;   /* the exception type a bad argument raises */
} Launcher;

static PyObject *data_ptr_name;

static void launcher_dealloc(Launcher *self) {
  Py_XDECREF(self->address);
  Py_XDECREF(self->grid3);
  Py_XDECREF(self->check);
  Py_XDECREF(self->error);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* grid: a tuple of 1 to 3 non-negative ints below 2^32. */
static int read_grid(PyObject *g, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  if (!PyTuple_Check(g) || PyTuple_GET_SIZE(g) < 1 || PyTuple_GET_SIZE(g) > 3)
    return -1;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(g); ++i) {
    PyObject *v = PyTuple_GET_ITEM(g, i);
    if (!PyLong_CheckExact(v))
      return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || x < 0 || x > 0xffffffffLL)
      return -1;
    out[i] = (uint32_t)x;
  }
  return 0;
}

/* An argument that does not convert: the package's error type (struct.error,
 * as its Python path raises), with the conversion's message. */
static PyObject *bad_argument(Launcher *self) {
  PyObject *type, *value, *tb;
  PyErr_Fetch(&type, &value, &tb);
  PyObject *text = value ? PyObject_Str(value) : NULL;
  PyErr_SetObject(self->error, text ? text : Py_None);
  Py_XDECREF(text);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  return NULL;
}

/* launcher(grid, stream, values) -> None. A grid that is not a tuple of
 * 1-3 small ints goes through grid3 (which names what is wrong with it); a
 * failed launch raises through check. */
static PyObject *launcher_call(Launcher *self, PyObject *const *args,
                               size_t nargsf, PyObject *kwnames) {
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  if (nargs != 3 || kwnames) {
    PyErr_SetString(PyExc_TypeError, "launcher(grid, stream, values)");
    return NULL;
  }
  launch_config_t config;
  config.struct_size = sizeof(config);
  if (read_grid(args[0], config.grid) < 0) {
    PyObject *g = PyObject_CallOneArg(self->grid3, args[0]);
    if (!g)
      return NULL;
    int bad = read_grid(g, config.grid);
    Py_DECREF(g);
    if (bad < 0) {
      PyErr_SetString(PyExc_ValueError, "grid3 returned no grid");
      return NULL;
    }
  }
  config.stream = NULL;
  if (args[1] != Py_None) {
    config.stream = PyLong_AsVoidPtr(args[1]);
    if (!config.stream && PyErr_Occurred())
      return NULL;
  }
  PyObject *values = args[2];
  if (!PyTuple_Check(values) && !PyList_Check(values)) {
    PyErr_SetString(PyExc_TypeError, "values must be a tuple or a list");
    return NULL;
  }
  Py_ssize_t have = PySequence_Fast_GET_SIZE(values);
  PyObject **items = PySequence_Fast_ITEMS(values);
  arg_t packed[MAX_ARGS];
  for (Py_ssize_t i = 0; i < self->n; ++i) {
    Py_ssize_t pos = self->pos[i];
    if (pos >= have) {
      PyErr_SetString(PyExc_TypeError, "too few values");
      return NULL;
    }
    PyObject *v = items[pos];
    arg_t *a = &packed[i];
    a->kind = self->kind[i];
    switch (self->kind[i]) {
    case ARG_POINTER: {
      PyObject *addr = self->addr[i] == ADDR_DATA_PTR
                           ? PyObject_CallMethodNoArgs(v, data_ptr_name)
                           : PyObject_CallOneArg(self->address, v);
      if (!addr)
        return NULL;
      a->value.u = PyLong_AsUnsignedLongLong(addr);
      Py_DECREF(addr);
      if (a->value.u == (uint64_t)-1 && PyErr_Occurred())
        return bad_argument(self);
      break;
    }
    case ARG_INT:
      a->value.i = PyLong_AsLongLong(v);
      if (a->value.i == -1 && PyErr_Occurred())
        return bad_argument(self);
      break;
    case ARG_UINT:
      a->value.u = PyLong_AsUnsignedLongLong(v);
      if (a->value.u == (uint64_t)-1 && PyErr_Occurred())
        return bad_argument(self);
      break;
    case ARG_FLOAT:
      a->value.f = PyFloat_AsDouble(v);
      if (a->value.f == -1.0 && PyErr_Occurred())
        return bad_argument(self);
      break;
    default:
      PyErr_SetString(PyExc_TypeError, "unknown argument kind");
      return NULL;
    }
  }
  void *status;
  Py_BEGIN_ALLOW_THREADS
  status = self->launch(self->kernel, &config, packed, (size_t)self->n);
  Py_END_ALLOW_THREADS
  if (status) {
    PyObject *st = PyLong_FromVoidPtr(status);
    if (!st)
      return NULL;
    PyObject *r = PyObject_CallOneArg(self->check, st);
    Py_DECREF(st);
    if (!r)
      return NULL;
    Py_DECREF(r);
  }
  Py_RETURN_NONE;
}

static PyObject *launcher_vectorcall(PyObject *self, PyObject *const *args,
                                     size_t nargsf, PyObject *kwnames) {
  return launcher_call((Launcher *)self, args, nargsf, kwnames);
}

static PyTypeObject LauncherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_trident_launch.Launcher",
    .tp_basicsize = sizeof(Launcher),
    .tp_dealloc = (destructor)launcher_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = 0, /* set in module init */
    .tp_doc = "A kernel's launcher: launcher(grid, stream, values).",
};

typedef struct {
  Launcher base;
  vectorcallfunc vectorcall;
} LauncherWithCall;

/* make(launch_address, kernel_address, slots, address, grid3, check,
 * error): slots is a sequence of (position in values, argument kind,
 * address mode). */
static PyObject *make(PyObject *module, PyObject *args) {
  unsigned long long fn, kernel;
  PyObject *slots, *address, *grid3, *check, *error;
  if (!PyArg_ParseTuple(args, "KKOOOOO", &fn, &kernel, &slots, &address,
                        &grid3, &check, &error))
    return NULL;
  PyObject *seq = PySequence_Fast(slots, "slots must be a sequence");
  if (!seq)
    return NULL;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  if (n > MAX_ARGS) {
    Py_DECREF(seq);
    PyErr_SetString(PyExc_ValueError, "more than 256 arguments");
    return NULL;
  }
  LauncherWithCall *l = PyObject_New(LauncherWithCall, &LauncherType);
  if (!l) {
    Py_DECREF(seq);
    return NULL;
  }
  l->vectorcall = launcher_vectorcall;
  l->base.launch = (launch_fn)(uintptr_t)fn;
  l->base.kernel = (void *)(uintptr_t)kernel;
  l->base.n = n;
  Py_INCREF(address);
  l->base.address = address;
  Py_INCREF(grid3);
  l->base.grid3 = grid3;
  Py_INCREF(check);
  l->base.check = check;
  Py_INCREF(error);
  l->base.error = error;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *s = PySequence_Fast_GET_ITEM(seq, i);
    long pos, kind, mode;
    if (!PyArg_ParseTuple(s, "lll", &pos, &kind, &mode)) {
      Py_DECREF(seq);
      Py_DECREF(l);
      return NULL;
    }
    l->base.pos[i] = pos;
    l->base.kind[i] = (int)kind;
    l->base.addr[i] = (int)mode;
  }
  Py_DECREF(seq);
  return (PyObject *)l;
}

static PyMethodDef methods[] = {
    {"make", make, METH_VARARGS,
     "make(launch_address, kernel_address, slots, address, grid3, check, "
     "error) -> launcher"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_trident_launch",
                                       "Trident's launch fast path.", -1,
                                       methods};

PyMODINIT_FUNC PyInit__trident_launch(void) {
  LauncherType.tp_basicsize = sizeof(LauncherWithCall);
  LauncherType.tp_vectorcall_offset = offsetof(LauncherWithCall, vectorcall);
  if (PyType_Ready(&LauncherType) < 0)
    return NULL;
  data_ptr_name = PyUnicode_InternFromString("data_ptr");
  if (!data_ptr_name)
    return NULL;
  return PyModule_Create(&moduledef);
}
