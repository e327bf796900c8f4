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
 * The structs below are runtime.h's (runtime API version 5, unchanged
 * since 3 for these two; 5 added the device-pointer argument kind); the
 * package checks the library's version (trident_runtime_api_version)
 * before it loads any kernel.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>

#if PY_VERSION_HEX < 0x030A0000 /* Py_NewRef came with Python 3.10 */
static inline PyObject *Py_NewRef(PyObject *o) { Py_INCREF(o); return o; }
static inline PyObject *Py_XNewRef(PyObject *o) { Py_XINCREF(o); return o; }
#endif

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
/* A pointer the caller vouches for: a torch tensor's data on the kernel's
 * device, which the runtime does not look up with the driver again. */
enum { ARG_DEVICE_POINTER = 5 };
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
  /* Where the dispatcher finds the stream to launch on (all NULL when the
   * launcher was made without them): raw_stream(stream_index) gives the
   * native stream, streams maps it to the runtime's stream, and
   * stream_getter() is the slow way for a native stream not seen yet. */
  PyObject *raw_stream;
  PyObject *stream_index;
  PyObject *streams;
  PyObject *stream_getter;
} Launcher;

static PyObject *data_ptr_name;

static int launcher_traverse(Launcher *self, visitproc visit, void *arg) {
  Py_VISIT(self->address);
  Py_VISIT(self->grid3);
  Py_VISIT(self->check);
  Py_VISIT(self->error);
  Py_VISIT(self->raw_stream);
  Py_VISIT(self->stream_index);
  Py_VISIT(self->streams);
  Py_VISIT(self->stream_getter);
  return 0;
}

static int launcher_clear(Launcher *self) {
  Py_CLEAR(self->address);
  Py_CLEAR(self->grid3);
  Py_CLEAR(self->check);
  Py_CLEAR(self->error);
  Py_CLEAR(self->raw_stream);
  Py_CLEAR(self->stream_index);
  Py_CLEAR(self->streams);
  Py_CLEAR(self->stream_getter);
  return 0;
}

static void launcher_dealloc(Launcher *self) {
  PyObject_GC_UnTrack(self);
  launcher_clear(self);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The runtime stream to launch on, as an int (or None); NULL with an error
 * set on failure. Only for launchers with a stream source. */
static PyObject *current_stream(Launcher *self) {
  PyObject *native = PyObject_CallOneArg(self->raw_stream, self->stream_index);
  if (!native)
    return NULL;
  PyObject *s = PyDict_GetItemWithError(self->streams, native);
  Py_DECREF(native);
  if (s) {
    Py_INCREF(s);
    return s;
  }
  if (PyErr_Occurred())
    return NULL;
  return PyObject_CallNoArgs(self->stream_getter);
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

/* Launches with `values` (a tuple or list) on `stream` (an int or None).
 * `addrs`, where not NULL, holds the address of each value that `known`
 * marks, read by the caller already (the dispatcher reads a tensor's
 * data_ptr() for its key); a `known` entry of 2 marks memory of the
 * kernel's own device (a torch tensor of that device), passed as a device
 * pointer. A grid that is not a tuple of 1-3 small ints goes through grid3
 * (which names what is wrong with it); a failed launch raises through
 * check. */
static PyObject *launch_items(Launcher *self, PyObject *grid, PyObject *stream,
                              PyObject *const *items, Py_ssize_t have,
                              const uint64_t *addrs, const char *known);

static PyObject *launch_values(Launcher *self, PyObject *grid,
                               PyObject *stream, PyObject *values,
                               const uint64_t *addrs, const char *known) {
  if (!PyTuple_Check(values) && !PyList_Check(values)) {
    PyErr_SetString(PyExc_TypeError, "values must be a tuple or a list");
    return NULL;
  }
  return launch_items(self, grid, stream, PySequence_Fast_ITEMS(values),
                      PySequence_Fast_GET_SIZE(values), addrs, known);
}

/* launch_values on an array of `have` values. */
static PyObject *launch_items(Launcher *self, PyObject *grid, PyObject *stream,
                              PyObject *const *items, Py_ssize_t have,
                              const uint64_t *addrs, const char *known) {
  launch_config_t config;
  config.struct_size = sizeof(config);
  if (read_grid(grid, config.grid) < 0) {
    PyObject *g = PyObject_CallOneArg(self->grid3, grid);
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
  if (stream != Py_None) {
    config.stream = PyLong_AsVoidPtr(stream);
    if (!config.stream && PyErr_Occurred())
      return NULL;
  }
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
      if (known && known[pos]) {
        a->value.u = addrs[pos];
        if (known[pos] == 2)
          a->kind = ARG_DEVICE_POINTER;
        break;
      }
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

/* launcher(grid, stream, values) -> None. */
static PyObject *launcher_call(Launcher *self, PyObject *const *args,
                               size_t nargsf, PyObject *kwnames) {
  if (PyVectorcall_NARGS(nargsf) != 3 || kwnames) {
    PyErr_SetString(PyExc_TypeError, "launcher(grid, stream, values)");
    return NULL;
  }
  return launch_values(self, args[0], args[1], args[2], NULL, NULL);
}

static PyObject *launcher_vectorcall(PyObject *self, PyObject *const *args,
                                     size_t nargsf, PyObject *kwnames) {
  return launcher_call((Launcher *)self, args, nargsf, kwnames);
}

static PyTypeObject LauncherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_trident_launch.Launcher",
    .tp_basicsize = sizeof(Launcher),
    .tp_dealloc = (destructor)launcher_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)launcher_traverse,
    .tp_clear = (inquiry)launcher_clear,
    .tp_free = PyObject_GC_Del,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = 0, /* set in module init */
    .tp_doc = "A kernel's launcher: launcher(grid, stream, values).",
};

typedef struct {
  Launcher base;
  vectorcallfunc vectorcall;
} LauncherWithCall;

/* make(launch_address, kernel_address, slots, address, grid3, check,
 * error[, stream_source]): slots is a sequence of (position in values,
 * argument kind, address mode); stream_source, where given and not None,
 * is (raw_stream, index, streams, getter) for the dispatcher. */
static PyObject *make(PyObject *module, PyObject *args) {
  unsigned long long fn, kernel;
  PyObject *slots, *address, *grid3, *check, *error, *source = Py_None;
  PyObject *raw = NULL, *index = NULL, *streams = NULL, *getter = NULL;
  if (!PyArg_ParseTuple(args, "KKOOOOO|O", &fn, &kernel, &slots, &address,
                        &grid3, &check, &error, &source))
    return NULL;
  if (source != Py_None &&
      !PyArg_ParseTuple(source, "OOO!O", &raw, &index, &PyDict_Type, &streams,
                        &getter))
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
  LauncherWithCall *l = PyObject_GC_New(LauncherWithCall, &LauncherType);
  if (!l) {
    Py_DECREF(seq);
    return NULL;
  }
  l->vectorcall = launcher_vectorcall;
  l->base.launch = (launch_fn)(uintptr_t)fn;
  l->base.kernel = (void *)(uintptr_t)kernel;
  l->base.n = n;
  l->base.address = Py_NewRef(address);
  l->base.grid3 = Py_NewRef(grid3);
  l->base.check = Py_NewRef(check);
  l->base.error = Py_NewRef(error);
  l->base.raw_stream = Py_XNewRef(raw);
  l->base.stream_index = Py_XNewRef(index);
  l->base.streams = Py_XNewRef(streams);
  l->base.stream_getter = Py_XNewRef(getter);
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
  PyObject_GC_Track(l);
  return (PyObject *)l;
}

/*===-- The dispatcher: kernel[grid](...) ------------------------------------===*
 * A JITFunction's whole launch for the common case, as its generated
 * Python function (_fast) does it: bind the arguments to the parameters,
 * compute the specialization key, find the device, look the compiled
 * kernel up, evaluate a callable grid, launch on the current stream.
 * Whatever it does not handle -- launch options among the keywords, a
 * missing or repeated argument, a value whose key is not one of the plain
 * cases below, a kernel not compiled yet -- goes to _fast unchanged, which
 * raises the errors and compiles. The keys it builds equal _fast's: the
 * launch table is shared. */

enum { MODE_SPEC = 0, MODE_NOSPEC = 1, MODE_NOALIGN = 2, MODE_CONSTEXPR = 3 };
#define MAX_PARAMS 256
#define MAX_DEVICE_KEYS 64
#define TENSOR_TYPES 4

/* A tensor type's methods as its instances find them: data_ptr and
 * get_device (functions or method descriptors of the class), dtype (the
 * class's data descriptor, or NULL: read from the instance). */
typedef struct {
  PyTypeObject *type;
  PyObject *data_ptr, *get_device, *dtype;
} TensorType;

/* The launch table's version: a number that changes whenever the table
 * does. Python 3.12 on: a dict watcher counts every change of a watched
 * table (one epoch for all of them); before 3.12, the dict's own version
 * tag (PEP 509). */
#if PY_VERSION_HEX >= 0x030C0000
static int table_watcher = -1;
static uint64_t table_epoch = 1;
static int on_table_change(PyDict_WatchEvent event, PyObject *dict,
                           PyObject *key, PyObject *value) {
  (void)event, (void)dict, (void)key, (void)value;
  ++table_epoch;
  return 0;
}
#define table_version(d) (table_epoch)
#else
#define table_version(d) ((uint64_t)((PyDictObject *)(d)->cache)->ma_version_tag)
#endif

typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  PyObject *fallback;      /* _fast(grid, *args, **kwargs) */
  PyObject *names;         /* tuple of the parameters' names */
  PyObject *defaults;      /* tuple: each parameter's default, or nodefault */
  PyObject *nodefault;
  Py_ssize_t nparams;
  int modes[MAX_PARAMS];
  Py_ssize_t nruntime;
  Py_ssize_t runtime[MAX_PARAMS];
  PyObject *positions;     /* the runtime positions, for device_of */
  PyObject *cache;         /* the launch table */
  PyObject *torch_types;   /* set of torch-like tensor types */
  PyObject *pointer_types; /* dtype -> "*fp32" */
  PyObject *aligned;       /* "*fp32" -> "*fp32:16" */
  PyObject *device_of;     /* _device_of(values, positions) */
  PyObject *device_kind;   /* "cuda" or "hip": torch's GPU tensors */
  PyObject *error;         /* struct.error */
  PyObject *cpu_key;       /* ("cpu", 0) */
  PyObject *device_keys[MAX_DEVICE_KEYS]; /* (device_kind, i), made once */
  /* The last launch's key and what it found: a launch with an equal key
   * (most launches repeat the last one's) skips building the key tuple
   * and looking it up, while the table is unchanged since (its version:
   * table_version()). */
  PyObject *memo_key;      /* (key, (), device) */
  PyObject *memo_kernel;
  uint64_t memo_version;
  /* Torch tensor types seen, each with its data_ptr and get_device
   * methods and its dtype descriptor, looked up once. */
  TensorType types[TENSOR_TYPES];
  int next_type;           /* the entry the next new type replaces */
  /* The last tensor dtype seen and its key entries ("*fp32", "*fp32:16"):
   * most launches repeat it, and it saves two dict lookups per tensor. */
  PyObject *seen_dtype, *seen_ptr, *seen_aligned;
  Py_ssize_t fallbacks;    /* calls handed to _fast (tests read it) */
} Dispatcher;

static PyObject *s_i32, *s_i32_16, *s_i32_1, *s_i64, *s_i64_16, *s_u64,
    *s_u64_16, *s_fp32, *s_u1, *s_cpu, *s_dtype, *s_get_device, *s_stream,
    *s_launch, *s_c_launch, *s_bad_arguments, *s_float, *k_true, *k_false, *empty_tuple;

/* Every object a dispatcher holds, for the garbage collector (a kernel
 * defined in a function, its table and its dispatcher form a cycle). */
#define DISPATCHER_OBJECTS(d, X)                                               \
  X((d)->fallback);                                                            \
  X((d)->names);                                                               \
  X((d)->defaults);                                                            \
  X((d)->nodefault);                                                           \
  X((d)->positions);                                                           \
  X((d)->cache);                                                               \
  X((d)->torch_types);                                                         \
  X((d)->pointer_types);                                                       \
  X((d)->aligned);                                                             \
  X((d)->device_of);                                                           \
  X((d)->device_kind);                                                         \
  X((d)->error);                                                               \
  X((d)->cpu_key);                                                             \
  X((d)->memo_key);                                                            \
  X((d)->memo_kernel);                                                         \
  X((d)->seen_dtype);                                                          \
  X((d)->seen_ptr);                                                            \
  X((d)->seen_aligned);                                                        \
  for (int i_ = 0; i_ < MAX_DEVICE_KEYS; ++i_)                                 \
    X((d)->device_keys[i_]);                                                   \
  for (int i_ = 0; i_ < TENSOR_TYPES; ++i_) {                                  \
    X((d)->types[i_].type);                                                    \
    X((d)->types[i_].data_ptr);                                                \
    X((d)->types[i_].get_device);                                              \
    X((d)->types[i_].dtype);                                                   \
  }

static int dispatcher_traverse(Dispatcher *d, visitproc visit, void *arg) {
#define VISIT_(o) Py_VISIT((PyObject *)(o))
  DISPATCHER_OBJECTS(d, VISIT_)
#undef VISIT_
  return 0;
}

static int dispatcher_clear(Dispatcher *d) {
  DISPATCHER_OBJECTS(d, Py_CLEAR)
  return 0;
}

static void dispatcher_dealloc(Dispatcher *d) {
  PyObject_GC_UnTrack(d);
  dispatcher_clear(d);
  Py_TYPE(d)->tp_free((PyObject *)d);
}

/* An int's key entry, as _spec_int / _spec_int_nospec / the noalign rule
 * give it; NULL (no error set) when it is not a plain case. */
static PyObject *int_key(PyObject *v, int mode) {
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
  if (x == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return NULL;
  }
  PyObject *r;
  if (overflow) {
    if (overflow < 0)
      return NULL;
    unsigned long long u = PyLong_AsUnsignedLongLong(v);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
      PyErr_Clear();
      return NULL; /* 2^64 and above: _fast names it */
    }
    r = (mode == MODE_SPEC && u % 16 == 0) ? s_u64_16 : s_u64;
  } else if (mode != MODE_NOSPEC && x == 1) {
    r = s_i32_1;
  } else {
    int i32 = x >= -2147483648LL && x <= 2147483647LL;
    int by16 = mode == MODE_SPEC && x % 16 == 0;
    r = i32 ? (by16 ? s_i32_16 : s_i32) : (by16 ? s_i64_16 : s_i64);
  }
  Py_INCREF(r);
  return r;
}

/* A method of `type` as its instances call it, a new reference: a plain
 * function or a method descriptor of the class (torch's are), else NULL. */
static PyObject *class_method(PyTypeObject *type, PyObject *name) {
  PyObject *m = _PyType_Lookup(type, name); /* borrowed */
  if (m && (PyFunction_Check(m) || Py_IS_TYPE(m, &PyMethodDescr_Type))) {
    Py_INCREF(m);
    return m;
  }
  return NULL;
}

/* The methods of tensor type `type`, looked up the first time it is seen
 * (the dispatcher keeps the last TENSOR_TYPES types); copied to *out with
 * new references. -1 (no error set) where the type is not one of the
 * package's torch tensor types or its data_ptr or get_device is not a
 * plain method: Python's path reads such a tensor. */
static int tensor_type(Dispatcher *d, PyTypeObject *type, TensorType *out) {
  TensorType *t = NULL;
  for (int i = 0; i < TENSOR_TYPES && !t; ++i)
    if (d->types[i].type == type)
      t = &d->types[i];
  if (!t) {
    /* A type not seen yet: a torch tensor's only if the package says so. */
    int torch = PySet_Contains(d->torch_types, (PyObject *)type);
    if (torch != 1) {
      if (torch < 0)
        PyErr_Clear();
      return -1;
    }
    PyObject *dp = class_method(type, data_ptr_name);
    PyObject *gd = class_method(type, s_get_device);
    if (!dp || !gd) {
      Py_XDECREF(dp);
      Py_XDECREF(gd);
      return -1;
    }
    PyObject *dt = _PyType_Lookup(type, s_dtype); /* borrowed */
    /* Not a data descriptor (torch's is): the instance's attribute wins. */
    if (dt && !(Py_TYPE(dt)->tp_descr_get && Py_TYPE(dt)->tp_descr_set))
      dt = NULL;
    Py_XINCREF(dt);
    Py_INCREF(type);
    /* The entry is replaced whole before the old references go (their
     * release may run any code). */
    t = &d->types[d->next_type];
    d->next_type = (d->next_type + 1) % TENSOR_TYPES;
    TensorType old = *t;
    t->type = type;
    t->data_ptr = dp;
    t->get_device = gd;
    t->dtype = dt;
    Py_XDECREF(old.type);
    Py_XDECREF(old.data_ptr);
    Py_XDECREF(old.get_device);
    Py_XDECREF(old.dtype);
    /* The releases may have run code that replaced entries: look again. */
    return tensor_type(d, type, out);
  }
  *out = *t;
  Py_INCREF(out->type);
  Py_INCREF(out->data_ptr);
  Py_INCREF(out->get_device);
  Py_XINCREF(out->dtype);
  return 0;
}

static void release_tensor_type(TensorType *t) {
  Py_DECREF(t->type);
  Py_DECREF(t->data_ptr);
  Py_DECREF(t->get_device);
  Py_XDECREF(t->dtype);
}

/* The key entries of a tensor of `dtype`: the pointer type ("*fp32", the
 * result) and its 16-byte-aligned form (*aligned), new references; both
 * remembered as the dispatcher's last dtype. NULL (no error set) for a
 * dtype the package has no pointer type for. */
static PyObject *dtype_keys(Dispatcher *d, PyObject *dtype, PyObject **aligned) {
  PyObject *ptr = PyDict_GetItemWithError(d->pointer_types, dtype);
  if (!ptr) {
    PyErr_Clear();
    return NULL;
  }
  Py_INCREF(ptr);
  PyObject *al = PyDict_GetItemWithError(d->aligned, ptr);
  if (al) {
    Py_INCREF(al);
  } else {
    al = PyErr_Occurred() ? NULL : PyUnicode_FromFormat("%U:16", ptr);
    if (!al || PyDict_SetItem(d->aligned, ptr, al) < 0) {
      PyErr_Clear();
      Py_DECREF(ptr);
      Py_XDECREF(al);
      return NULL;
    }
  }
  /* Remembered (the new references set before the old ones go: their
   * release may run any code). */
  PyObject *old[3] = {d->seen_dtype, d->seen_ptr, d->seen_aligned};
  d->seen_dtype = Py_NewRef(dtype);
  d->seen_ptr = Py_NewRef(ptr);
  d->seen_aligned = Py_NewRef(al);
  for (int i = 0; i < 3; ++i)
    Py_XDECREF(old[i]);
  *aligned = al;
  return ptr;
}

/* A torch tensor's key entry (see key_of), with its type's methods `t`. */
static PyObject *tensor_key(Dispatcher *d, PyObject *v, const TensorType *t,
                            int mode, uint64_t *addr, long *device,
                            char *known) {
  PyObject *dtype = t->dtype ? Py_TYPE(t->dtype)->tp_descr_get(
                                   t->dtype, v, (PyObject *)Py_TYPE(v))
                             : PyObject_GetAttr(v, s_dtype);
  if (!dtype) {
    PyErr_Clear();
    return NULL;
  }
  PyObject *ptr, *al;
  if (dtype == d->seen_dtype) {
    Py_DECREF(dtype);
    ptr = Py_NewRef(d->seen_ptr);
    al = Py_NewRef(d->seen_aligned);
  } else {
    ptr = dtype_keys(d, dtype, &al);
    Py_DECREF(dtype);
    if (!ptr)
      return NULL;
  }
  /* ptr and al are our references: the calls below may run any code. */
  /* The data's address (the key's alignment, the launch) and device (the
   * device key; whether the runtime need not look the address up). */
  unsigned long long a;
  long index;
  PyObject *address = PyObject_CallOneArg(t->data_ptr, v);
  if (!address)
    goto fail;
  a = PyLong_AsUnsignedLongLong(address);
  Py_DECREF(address);
  if (a == (unsigned long long)-1 && PyErr_Occurred())
    goto fail;
  PyObject *idx = PyObject_CallOneArg(t->get_device, v);
  if (!idx)
    goto fail;
  index = PyLong_AsLong(idx);
  Py_DECREF(idx);
  if (index == -1 && PyErr_Occurred())
    goto fail;
  *addr = a;
  *device = index;
  *known = 1;
  /* The key's entry: with the alignment where it counts. */
  int aligned = mode == MODE_SPEC && a % 16 == 0;
  Py_DECREF(aligned ? ptr : al);
  return aligned ? al : ptr;

fail: /* no key entry: the Python path reads this tensor */
  PyErr_Clear();
  Py_DECREF(ptr);
  Py_DECREF(al);
  return NULL;
}

/* A value's key entry; NULL (no error set) when it is not a plain case. A
 * torch tensor's address goes to *addr and its device index (-1 on the
 * host) to *device, *known set. */
static PyObject *key_of(Dispatcher *d, PyObject *v, int mode, uint64_t *addr,
                        long *device, char *known) {
  if (mode == MODE_CONSTEXPR) { /* _constexpr_key */
    if (PyLong_CheckExact(v) || PyUnicode_CheckExact(v) || v == Py_None) {
      Py_INCREF(v);
      return v;
    }
    if (v == Py_True || v == Py_False) {
      PyObject *k = v == Py_True ? k_true : k_false;
      Py_INCREF(k);
      return k;
    }
    if (PyFloat_CheckExact(v)) {
      PyObject *text = PyObject_Repr(v);
      if (!text) {
        PyErr_Clear();
        return NULL;
      }
      PyObject *k = PyTuple_Pack(2, s_float, text);
      Py_DECREF(text);
      if (!k)
        PyErr_Clear();
      return k;
    }
    return NULL;
  }
  if (PyLong_CheckExact(v))
    return int_key(v, mode);
  if (PyFloat_CheckExact(v)) {
    Py_INCREF(s_fp32);
    return s_fp32;
  }
  if (v == Py_True || v == Py_False) {
    Py_INCREF(s_u1);
    return s_u1;
  }
  if (v == Py_None) {
    Py_INCREF(Py_None);
    return Py_None;
  }
  TensorType t;
  if (tensor_type(d, Py_TYPE(v), &t) < 0)
    return NULL;
  PyObject *r = tensor_key(d, v, &t, mode, addr, device, known);
  release_tensor_type(&t);
  return r;
}

/* Releases the first n references of `objs`. */
static void release_all(PyObject **objs, Py_ssize_t n) {
  for (Py_ssize_t i = 0; i < n; ++i)
    Py_DECREF(objs[i]);
}

/* A new tuple of the n objects. */
static PyObject *tuple_of(PyObject *const *objs, Py_ssize_t n) {
  PyObject *t = PyTuple_New(n);
  if (!t)
    return NULL;
  for (Py_ssize_t i = 0; i < n; ++i) {
    Py_INCREF(objs[i]);
    PyTuple_SET_ITEM(t, i, objs[i]);
  }
  return t;
}

/* The device key of the first tensor among the runtime arguments, as
 * _device_of gives it, from the device indices key_of read (`*index` set
 * to the tensor's, -1 for the host or another kind of tensor); NULL with
 * an error set on failure. */
static PyObject *device_key(Dispatcher *d, PyObject *const *values,
                            const long *devices, const char *known,
                            long *index) {
  *index = -1;
  for (Py_ssize_t i = 0; i < d->nruntime; ++i) {
    Py_ssize_t pos = d->runtime[i];
    PyObject *v = values[pos];
    if (PyLong_CheckExact(v) || PyFloat_CheckExact(v) || v == Py_None ||
        v == Py_True || v == Py_False)
      continue;
    if (!known[pos])
      break; /* another kind of tensor: Python decides */
    long at = devices[pos];
    if (at < 0) {
      Py_INCREF(d->cpu_key);
      return d->cpu_key;
    }
    *index = at;
    if (at < MAX_DEVICE_KEYS) {
      if (!d->device_keys[at]) {
        d->device_keys[at] = Py_BuildValue("(Ol)", d->device_kind, at);
        if (!d->device_keys[at])
          return NULL;
      }
      Py_INCREF(d->device_keys[at]);
      return d->device_keys[at];
    }
    return Py_BuildValue("(Ol)", d->device_kind, at);
  }
  PyObject *all = tuple_of(values, d->nparams);
  if (!all)
    return NULL;
  PyObject *r = PyObject_CallFunctionObjArgs(d->device_of, all, d->positions, NULL);
  Py_DECREF(all);
  return r;
}

/* Whether the key of entries `items` on device `dev` equals the last
 * launch's, as the launch table would compare them (the entries are
 * interned strings, ints, strings, None and small tuples). */
static int memo_matches(Dispatcher *d, PyObject *const *items, PyObject *dev) {
  if (!d->memo_key || table_version(d) != d->memo_version)
    return 0;
  PyObject *key = PyTuple_GET_ITEM(d->memo_key, 0);
  PyObject *objs[2] = {PyTuple_GET_ITEM(d->memo_key, 2), dev};
  for (Py_ssize_t i = -1; i < d->nparams; ++i) {
    PyObject *a = i < 0 ? objs[0] : PyTuple_GET_ITEM(key, i);
    PyObject *b = i < 0 ? objs[1] : items[i];
    if (a == b)
      continue;
    if (Py_TYPE(a) != Py_TYPE(b))
      return 0;
    int eq = PyObject_RichCompareBool(a, b, Py_EQ);
    if (eq != 1) {
      if (eq < 0)
        PyErr_Clear();
      return 0;
    }
  }
  return 1;
}

static PyObject *dispatch(PyObject *self, PyObject *const *args, size_t nargsf,
                          PyObject *kwnames) {
  Dispatcher *d = (Dispatcher *)self;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nargs < 1 || nargs - 1 > d->nparams)
    goto fallback;
  PyObject *bound[MAX_PARAMS];
  for (Py_ssize_t i = 0; i < d->nparams; ++i)
    bound[i] = NULL;
  for (Py_ssize_t i = 1; i < nargs; ++i)
    bound[i - 1] = args[i];
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject *name = PyTuple_GET_ITEM(kwnames, k);
    Py_ssize_t at = -1;
    for (Py_ssize_t i = 0; i < d->nparams && at < 0; ++i)
      if (PyTuple_GET_ITEM(d->names, i) == name)
        at = i;
    for (Py_ssize_t i = 0; i < d->nparams && at < 0; ++i)
      if (PyUnicode_Compare(PyTuple_GET_ITEM(d->names, i), name) == 0)
        at = i;
    if (at < 0 || bound[at])
      goto fallback; /* a launch option, or an argument given twice */
    bound[at] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < d->nparams; ++i)
    if (!bound[i]) {
      PyObject *def = PyTuple_GET_ITEM(d->defaults, i);
      if (def == d->nodefault)
        goto fallback; /* missing: _fast raises */
      bound[i] = def;
    }
  /* The key's entries (new references), and each torch tensor's address
   * and device. */
  PyObject *items[MAX_PARAMS];
  uint64_t addrs[MAX_PARAMS];
  long devices[MAX_PARAMS];
  char known[MAX_PARAMS];
  for (Py_ssize_t i = 0; i < d->nparams; ++i) {
    known[i] = 0;
    items[i] =
        key_of(d, bound[i], d->modes[i], &addrs[i], &devices[i], &known[i]);
    if (!items[i]) {
      release_all(items, i);
      if (PyErr_Occurred())
        return NULL;
      goto fallback;
    }
  }
  long kernel_device;
  PyObject *dev = device_key(d, bound, devices, known, &kernel_device);
  if (!dev) {
    release_all(items, d->nparams);
    PyErr_Clear();
    goto fallback; /* _fast raises it, located */
  }
  /* Tensors on the kernel's GPU: the runtime need not look them up. */
  if (kernel_device >= 0)
    for (Py_ssize_t i = 0; i < d->nparams; ++i)
      if (known[i] && devices[i] == kernel_device)
        known[i] = 2;
  PyObject *kernel;
  if (memo_matches(d, items, dev)) {
    release_all(items, d->nparams);
    Py_DECREF(dev);
    kernel = d->memo_kernel;
    Py_INCREF(kernel);
  } else {
    PyObject *key = PyTuple_New(d->nparams);
    if (!key) {
      release_all(items, d->nparams);
      Py_DECREF(dev);
      return NULL;
    }
    for (Py_ssize_t i = 0; i < d->nparams; ++i)
      PyTuple_SET_ITEM(key, i, items[i]);
    PyObject *full = PyTuple_Pack(3, key, empty_tuple, dev);
    Py_DECREF(key);
    Py_DECREF(dev);
    if (!full)
      return NULL;
    kernel = PyDict_GetItemWithError(d->cache, full);
    if (!kernel) {
      Py_DECREF(full);
      if (PyErr_Occurred())
        PyErr_Clear();
      goto fallback; /* not compiled yet */
    }
    Py_INCREF(kernel);
    /* Remember it (the new references set before the old ones go: their
     * release may run any code). */
    PyObject *old_key = d->memo_key, *old_kernel = d->memo_kernel;
    d->memo_key = full;
    d->memo_kernel = kernel;
    Py_INCREF(kernel);
    d->memo_version = table_version(d);
    Py_XDECREF(old_key);
    Py_XDECREF(old_kernel);
  }
  PyObject *grid = args[0];
  Py_INCREF(grid);
  if (!PyTuple_Check(grid) && PyCallable_Check(grid)) {
    PyObject *meta = PyDict_New();
    int bad = !meta;
    for (Py_ssize_t i = 0; !bad && i < d->nparams; ++i)
      bad = PyDict_SetItem(meta, PyTuple_GET_ITEM(d->names, i), bound[i]) < 0;
    PyObject *g = bad ? NULL : PyObject_CallOneArg(grid, meta);
    Py_XDECREF(meta);
    Py_DECREF(grid);
    if (!g) {
      Py_DECREF(kernel);
      return NULL;
    }
    grid = g;
  }
  /* The kernel's compiled launcher, when it has one that finds its own
   * stream: called here directly, with the addresses read for the key. */
  PyObject *r = NULL;
  PyObject *values = NULL; /* a tuple of the values, made where needed */
  PyObject *direct = PyObject_GetAttr(kernel, s_c_launch);
  if (!direct) {
    Py_DECREF(kernel);
    Py_DECREF(grid);
    return NULL;
  }
  if (Py_TYPE(direct) == &LauncherType &&
      ((Launcher *)direct)->stream_getter) {
    PyObject *stream = current_stream((Launcher *)direct);
    if (stream) {
      r = launch_items((Launcher *)direct, grid, stream, bound, d->nparams,
                       addrs, known);
      Py_DECREF(stream);
    }
    Py_DECREF(direct);
    goto launched;
  }
  Py_DECREF(direct);
  values = tuple_of(bound, d->nparams);
  if (!values) {
    Py_DECREF(kernel);
    Py_DECREF(grid);
    return NULL;
  }
  PyObject *stream = PyObject_CallMethodNoArgs(kernel, s_stream);
  if (stream) {
    PyObject *launch = PyObject_GetAttr(kernel, s_launch);
    if (launch) {
      PyObject *call[3] = {grid, stream, values};
      r = PyObject_Vectorcall(launch, call, 3, NULL);
      Py_DECREF(launch);
    }
    Py_DECREF(stream);
  }
launched:
  if (!r && PyErr_ExceptionMatches(d->error)) {
    /* An argument its slot cannot hold: _bad_arguments names it. */
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (!values)
      values = tuple_of(bound, d->nparams);
    PyObject *bad =
        values ? PyObject_CallMethodObjArgs(kernel, s_bad_arguments, grid,
                                            value ? value : Py_None, values,
                                            NULL)
               : NULL;
    Py_XDECREF(bad);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
  }
  Py_DECREF(grid);
  Py_XDECREF(values);
  if (!r) {
    Py_DECREF(kernel);
    return NULL;
  }
  Py_DECREF(r);
  return kernel;

fallback:
  d->fallbacks++;
  return PyObject_Vectorcall(d->fallback, args, nargsf, kwnames);
}

static PyMemberDef dispatcher_members[] = {
    {"fallbacks", T_PYSSIZET, offsetof(Dispatcher, fallbacks), READONLY,
     "calls handed to the Python path"},
    {NULL, 0, 0, 0, NULL}};

static PyTypeObject DispatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_trident_launch.Dispatcher",
    .tp_basicsize = sizeof(Dispatcher),
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)dispatcher_traverse,
    .tp_clear = (inquiry)dispatcher_clear,
    .tp_free = PyObject_GC_Del,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Dispatcher, vectorcall),
    .tp_doc = "A kernel's dispatcher: dispatcher(grid, *args, **kwargs).",
    .tp_members = dispatcher_members,
};

/* dispatcher(fallback, names, defaults, nodefault, modes, positions, cache,
 * torch_types, pointer_types, device_of, device_kind, error). */
static PyObject *make_dispatcher(PyObject *module, PyObject *args) {
  PyObject *fallback, *names, *defaults, *nodefault, *modes, *positions, *cache,
      *torch_types, *pointer_types, *device_of, *device_kind, *error;
  if (!PyArg_ParseTuple(args, "OO!O!OO!O!O!O!O!OUO", &fallback, &PyTuple_Type,
                        &names, &PyTuple_Type, &defaults, &nodefault,
                        &PyTuple_Type, &modes, &PyTuple_Type, &positions,
                        &PyDict_Type, &cache, &PySet_Type, &torch_types,
                        &PyDict_Type, &pointer_types, &device_of, &device_kind,
                        &error))
    return NULL;
  Py_ssize_t n = PyTuple_GET_SIZE(names);
  if (n > MAX_PARAMS || PyTuple_GET_SIZE(defaults) != n ||
      PyTuple_GET_SIZE(modes) != n || PyTuple_GET_SIZE(positions) > n) {
    PyErr_SetString(PyExc_ValueError, "dispatcher: inconsistent tables");
    return NULL;
  }
#if PY_VERSION_HEX >= 0x030C0000
  if (PyDict_Watch(table_watcher, cache) < 0)
    return NULL;
#endif
  Dispatcher *d = PyObject_GC_New(Dispatcher, &DispatcherType);
  if (!d)
    return NULL;
  d->vectorcall = dispatch;
  d->fallbacks = 0;
  d->nparams = n;
  for (Py_ssize_t i = 0; i < n; ++i)
    d->modes[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(modes, i));
  d->nruntime = PyTuple_GET_SIZE(positions);
  for (Py_ssize_t i = 0; i < d->nruntime; ++i)
    d->runtime[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(positions, i));
  PyObject *objs[] = {fallback, names, defaults, nodefault, positions, cache,
                      torch_types, pointer_types, device_of, device_kind, error};
  for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); ++i)
    Py_INCREF(objs[i]);
  d->fallback = fallback;
  d->names = names;
  d->defaults = defaults;
  d->nodefault = nodefault;
  d->positions = positions;
  d->cache = cache;
  d->torch_types = torch_types;
  d->pointer_types = pointer_types;
  d->device_of = device_of;
  d->device_kind = device_kind;
  d->error = error;
  for (int i = 0; i < MAX_DEVICE_KEYS; ++i)
    d->device_keys[i] = NULL;
  d->memo_key = d->memo_kernel = NULL;
  d->seen_dtype = d->seen_ptr = d->seen_aligned = NULL;
  d->memo_version = 0;
  memset(d->types, 0, sizeof(d->types));
  d->next_type = 0;
  d->cpu_key = Py_BuildValue("(Oi)", s_cpu, 0);
  d->aligned = PyDict_New();
  if (!d->cpu_key || !d->aligned || PyErr_Occurred()) {
    Py_DECREF(d);
    return NULL;
  }
  PyObject_GC_Track(d);
  return (PyObject *)d;
}

/*===-- kernel[grid]: the grid bound to the launch ----------------------------===*
 * What kernel[grid] returns: calling it calls fn(grid, *args, **kwargs),
 * the dispatcher without a detour where fn is one (functools.partial does
 * the same with an allocation for more than a few arguments). */

#define MAX_CALL_ARGS (MAX_PARAMS + 2)

typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  PyObject *fn;
  PyObject *grid;
} Bound;

static int bound_traverse(Bound *b, visitproc visit, void *arg) {
  Py_VISIT(b->fn);
  Py_VISIT(b->grid);
  return 0;
}

static int bound_clear(Bound *b) {
  Py_CLEAR(b->fn);
  Py_CLEAR(b->grid);
  return 0;
}

static void bound_dealloc(Bound *b) {
  PyObject_GC_UnTrack(b);
  bound_clear(b);
  Py_TYPE(b)->tp_free((PyObject *)b);
}

static PyObject *bound_vectorcall(PyObject *self, PyObject *const *args,
                                  size_t nargsf, PyObject *kwnames) {
  Bound *b = (Bound *)self;
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  if (total + 1 > MAX_CALL_ARGS) { /* too many for the stack */
    PyObject **heap = PyMem_Malloc((size_t)(total + 1) * sizeof(PyObject *));
    if (!heap)
      return PyErr_NoMemory();
    heap[0] = b->grid;
    for (Py_ssize_t i = 0; i < total; ++i)
      heap[i + 1] = args[i];
    PyObject *r = PyObject_Vectorcall(b->fn, heap, (size_t)(nargs + 1), kwnames);
    PyMem_Free(heap);
    return r;
  }
  PyObject *stack[MAX_CALL_ARGS];
  stack[0] = b->grid;
  for (Py_ssize_t i = 0; i < total; ++i)
    stack[i + 1] = args[i];
  if (Py_TYPE(b->fn) == &DispatcherType)
    return dispatch(b->fn, stack, (size_t)(nargs + 1), kwnames);
  return PyObject_Vectorcall(b->fn, stack, (size_t)(nargs + 1), kwnames);
}

static PyTypeObject BoundType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_trident_launch.Bound",
    .tp_basicsize = sizeof(Bound),
    .tp_dealloc = (destructor)bound_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)bound_traverse,
    .tp_clear = (inquiry)bound_clear,
    .tp_free = PyObject_GC_Del,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Bound, vectorcall),
    .tp_doc = "kernel[grid]: calling it launches the kernel on the grid.",
};

/* bind(fn, grid) -> a callable that calls fn(grid, ...). */
static PyObject *make_bound(PyObject *module, PyObject *const *args,
                            Py_ssize_t nargs) {
  if (nargs != 2) {
    PyErr_SetString(PyExc_TypeError, "bind(fn, grid)");
    return NULL;
  }
  Bound *b = PyObject_GC_New(Bound, &BoundType);
  if (!b)
    return NULL;
  b->vectorcall = bound_vectorcall;
  b->fn = Py_NewRef(args[0]);
  b->grid = Py_NewRef(args[1]);
  PyObject_GC_Track(b);
  return (PyObject *)b;
}

/*===-- kernel[grid] itself -------------------------------------------------===*
 * JITFunction.__getitem__ once the launcher is built. The common case --
 * the grid object of the kernel's last subscript (a literal tuple in a
 * loop is one object) and no launch hooks set -- returns the callable the
 * kernel kept (its `_last` pair) without running Python; everything else
 * calls the Python method it was made from. It is a method descriptor
 * (Py_TPFLAGS_METHOD_DESCRIPTOR), so kernel[grid] calls it with the kernel
 * first, as it calls a Python function, and builds no bound method. */

typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  PyObject *slow;  /* the Python __getitem__(self, grid) */
  PyObject *knobs; /* the knobs module's dict, where hooks_set lives */
} Subscript;

static PyObject *s_last, *s_hooks_set;

static int subscript_traverse(Subscript *s, visitproc visit, void *arg) {
  Py_VISIT(s->slow);
  Py_VISIT(s->knobs);
  return 0;
}

static int subscript_clear(Subscript *s) {
  Py_CLEAR(s->slow);
  Py_CLEAR(s->knobs);
  return 0;
}

static void subscript_dealloc(Subscript *s) {
  PyObject_GC_UnTrack(s);
  subscript_clear(s);
  Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *subscript_vectorcall(PyObject *self, PyObject *const *args,
                                      size_t nargsf, PyObject *kwnames) {
  Subscript *s = (Subscript *)self;
  if (PyVectorcall_NARGS(nargsf) == 2 && !kwnames) {
    PyObject *hooks = PyDict_GetItemWithError(s->knobs, s_hooks_set);
    if (hooks == Py_False) {
      PyObject *last = PyObject_GetAttr(args[0], s_last);
      if (!last)
        PyErr_Clear();
      else if (PyTuple_CheckExact(last) && PyTuple_GET_SIZE(last) == 2 &&
               PyTuple_GET_ITEM(last, 0) == args[1]) {
        PyObject *r = Py_NewRef(PyTuple_GET_ITEM(last, 1));
        Py_DECREF(last);
        return r;
      }
      Py_XDECREF(last);
    } else if (!hooks) {
      PyErr_Clear();
    }
  }
  return PyObject_Vectorcall(s->slow, args, nargsf, kwnames);
}

/* What inspect and tracebacks read from a function: the Python method's. */
static PyObject *subscript_attr(Subscript *s, void *name) {
  return PyObject_GetAttrString(s->slow, (const char *)name);
}

static PyGetSetDef subscript_getset[] = {
    {"__name__", (getter)subscript_attr, NULL, NULL, "__name__"},
    {"__qualname__", (getter)subscript_attr, NULL, NULL, "__qualname__"},
    {"__module__", (getter)subscript_attr, NULL, NULL, "__module__"},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMemberDef subscript_members[] = {
    {"__wrapped__", T_OBJECT, offsetof(Subscript, slow), READONLY,
     "the Python method it calls for what it does not handle"},
    {NULL, 0, 0, 0, NULL}};

/* kernel.__getitem__ as an attribute: a bound method, as for a function. */
static PyObject *subscript_get(PyObject *self, PyObject *obj, PyObject *type) {
  (void)type;
  if (!obj || obj == Py_None)
    return Py_NewRef(self);
  return PyMethod_New(self, obj);
}

static PyTypeObject SubscriptType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_trident_launch.Subscript",
    .tp_basicsize = sizeof(Subscript),
    .tp_dealloc = (destructor)subscript_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)subscript_traverse,
    .tp_clear = (inquiry)subscript_clear,
    .tp_free = PyObject_GC_Del,
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = subscript_get,
    .tp_getset = subscript_getset,
    .tp_members = subscript_members,
    .tp_vectorcall_offset = offsetof(Subscript, vectorcall),
    .tp_doc = "JITFunction.__getitem__: kernel[grid], the common case in C.",
};

/* subscript(slow, knobs_dict) -> a __getitem__ for the kernel class. */
static PyObject *make_subscript(PyObject *module, PyObject *args) {
  PyObject *slow, *knobs;
  if (!PyArg_ParseTuple(args, "OO!", &slow, &PyDict_Type, &knobs))
    return NULL;
  Subscript *s = PyObject_GC_New(Subscript, &SubscriptType);
  if (!s)
    return NULL;
  s->vectorcall = subscript_vectorcall;
  s->slow = Py_NewRef(slow);
  s->knobs = Py_NewRef(knobs);
  PyObject_GC_Track(s);
  return (PyObject *)s;
}

static PyMethodDef methods[] = {
    {"subscript", make_subscript, METH_VARARGS,
     "subscript(slow, knobs_dict) -> JITFunction.__getitem__ in C"},
    {"dispatcher", make_dispatcher, METH_VARARGS,
     "dispatcher(fallback, names, defaults, nodefault, modes, positions, "
     "cache, torch_types, pointer_types, device_of, device_kind, error)"},
    {"bind", (PyCFunction)(void (*)(void))make_bound, METH_FASTCALL,
     "bind(fn, grid) -> fn's call with grid first (kernel[grid])"},
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
  if (PyType_Ready(&DispatcherType) < 0)
    return NULL;
  if (PyType_Ready(&BoundType) < 0)
    return NULL;
  if (PyType_Ready(&SubscriptType) < 0)
    return NULL;
#if PY_VERSION_HEX >= 0x030C0000
  table_watcher = PyDict_AddWatcher(on_table_change);
  if (table_watcher < 0)
    return NULL;
#endif
  data_ptr_name = PyUnicode_InternFromString("data_ptr");
  s_i32 = PyUnicode_InternFromString("i32");
  s_i32_16 = PyUnicode_InternFromString("i32:16");
  s_i32_1 = PyUnicode_InternFromString("i32:1");
  s_i64 = PyUnicode_InternFromString("i64");
  s_i64_16 = PyUnicode_InternFromString("i64:16");
  s_u64 = PyUnicode_InternFromString("u64");
  s_u64_16 = PyUnicode_InternFromString("u64:16");
  s_fp32 = PyUnicode_InternFromString("fp32");
  s_u1 = PyUnicode_InternFromString("u1");
  s_cpu = PyUnicode_InternFromString("cpu");
  s_dtype = PyUnicode_InternFromString("dtype");
  s_get_device = PyUnicode_InternFromString("get_device");
  s_stream = PyUnicode_InternFromString("stream");
  s_launch = PyUnicode_InternFromString("_launch");
  s_c_launch = PyUnicode_InternFromString("_c_launch");
  s_bad_arguments = PyUnicode_InternFromString("_bad_arguments");
  s_float = PyUnicode_InternFromString("float");
  s_last = PyUnicode_InternFromString("_last");
  s_hooks_set = PyUnicode_InternFromString("hooks_set");
  k_true = Py_BuildValue("(ss)", "bool", "True");
  k_false = Py_BuildValue("(ss)", "bool", "False");
  empty_tuple = PyTuple_New(0);
  if (!s_float || !k_true || !k_false || !s_last || !s_hooks_set)
    return NULL;
  if (!data_ptr_name || !s_i32 || !s_i32_16 || !s_i32_1 || !s_i64 ||
      !s_i64_16 || !s_u64 || !s_u64_16 || !s_fp32 || !s_u1 || !s_cpu ||
      !s_dtype || !s_get_device || !s_stream || !s_launch || !s_c_launch ||
      !s_bad_arguments || !empty_tuple)
    return NULL;
  return PyModule_Create(&moduledef);
}
