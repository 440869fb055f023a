# worker/modules/asyncio/asyncio.py -- the asyncio module (frozen).
#
# A small event loop over the interpreter's coroutines: Futures, Tasks
# (a task drives its coroutine with send/throw; a coroutine suspends by
# yielding the Future it waits for), timers ordered by a virtual clock,
# and the usual helpers (gather, wait, wait_for, as_completed, timeout,
# TaskGroup, Queue, Lock, Event, Semaphore, Condition).
#
# Sleeps are not concurrent in the box (spec: two concurrent sleeps take
# the sum of their waits): asyncio.sleep(d) puts a timer on the virtual
# clock, so that wake-up order is right (a task sleeping 0.1 wakes before
# one sleeping 0.2), and when that timer comes due the loop really sleeps
# d seconds through time.sleep(), which charges the script's 180 s sleep
# budget in one place.  A sleep cancelled before it is due (a cancelled
# task, a wait_for timeout, a TaskGroup or gather whose sibling failed)
# never waits and is never charged.  Timeouts are not sleeps: they only
# move the virtual clock.

import sys

__all__ = [
    'run', 'sleep', 'gather', 'create_task', 'ensure_future', 'wait',
    'wait_for', 'as_completed', 'shield', 'timeout', 'timeout_at', 'Task',
    'Future', 'TaskGroup', 'Queue', 'LifoQueue', 'PriorityQueue',
    'QueueEmpty', 'QueueFull', 'Lock', 'Event', 'Condition', 'Semaphore',
    'BoundedSemaphore', 'CancelledError', 'TimeoutError',
    'InvalidStateError', 'get_event_loop', 'get_running_loop',
    'new_event_loop', 'set_event_loop', 'current_task', 'all_tasks',
    'iscoroutine', 'iscoroutinefunction', 'isfuture', 'to_thread',
    'FIRST_COMPLETED', 'FIRST_EXCEPTION', 'ALL_COMPLETED',
    'AbstractEventLoop', 'Timeout',
]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""


TimeoutError = TimeoutError


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""


class LimitOverrunError(Exception):
    pass


class IncompleteReadError(EOFError):
    pass


FIRST_COMPLETED = 'FIRST_COMPLETED'
FIRST_EXCEPTION = 'FIRST_EXCEPTION'
ALL_COMPLETED = 'ALL_COMPLETED'

_PENDING = 'PENDING'
_CANCELLED = 'CANCELLED'
_FINISHED = 'FINISHED'

_CO_COROUTINE = 0x80
_CO_ITERABLE_COROUTINE = 0x100


def _real_sleep(delay):
    """Sleep for real (and charge the sleep budget) through time.sleep."""
    try:
        import time
        sleep_fn = time.sleep
    except (ImportError, AttributeError):
        return
    sleep_fn(delay)


def _monotonic():
    try:
        import time
        return time.monotonic()
    except (ImportError, AttributeError):
        return 0.0


# ---- handles and the loop -------------------------------------------------

class Handle:
    __slots__ = ('_callback', '_args', '_cancelled', '_loop', '_when',
                 '_seq')

    def __init__(self, callback, args, loop, when=None, seq=0):
        self._callback = callback
        self._args = args
        self._cancelled = False
        self._loop = loop
        self._when = when
        self._seq = seq

    def cancel(self):
        self._cancelled = True

    def cancelled(self):
        return self._cancelled

    def when(self):
        return self._when

    def _run(self):
        self._callback(*self._args)

    def __lt__(self, other):
        return (self._when, self._seq) < (other._when, other._seq)

    def __repr__(self):
        state = ' cancelled' if self._cancelled else ''
        return f'<{type(self).__name__}{state}>'


class TimerHandle(Handle):
    __slots__ = ()


def _heappush(heap, item):
    heap.append(item)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) >> 1
        if heap[i] < heap[parent]:
            heap[i], heap[parent] = heap[parent], heap[i]
            i = parent
        else:
            break


def _heappop(heap):
    last = heap.pop()
    if not heap:
        return last
    top = heap[0]
    heap[0] = last
    i = 0
    n = len(heap)
    while True:
        left = 2 * i + 1
        if left >= n:
            break
        child = left
        if left + 1 < n and heap[left + 1] < heap[left]:
            child = left + 1
        if heap[child] < heap[i]:
            heap[i], heap[child] = heap[child], heap[i]
            i = child
        else:
            break
    return top


_running_loop = None
_event_loop = None


class AbstractEventLoop:
    pass


class _Loop(AbstractEventLoop):
    """The event loop: a ready queue and timers on a virtual clock."""

    def __init__(self):
        self._ready = []
        self._timers = []
        self._seq = 0
        self._clock = _monotonic()
        self._closed = False
        self._running = False
        self._stopping = False
        self._tasks = []
        self._exception_handler = None

    # clock and scheduling
    def time(self):
        return self._clock

    def call_soon(self, callback, *args, context=None):
        self._check_closed()
        h = Handle(callback, args, self)
        self._ready.append(h)
        return h

    def call_later(self, delay, callback, *args, context=None):
        return self.call_at(self._clock + delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        self._check_closed()
        self._seq += 1
        h = TimerHandle(callback, args, self, when, self._seq)
        _heappush(self._timers, h)
        return h

    def call_soon_threadsafe(self, callback, *args, context=None):
        return self.call_soon(callback, *args)

    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        self._check_closed()
        return Task(coro, loop=self, name=name)

    def run_in_executor(self, executor, func, *args):
        fut = self.create_future()
        try:
            fut.set_result(func(*args))
        except BaseException as exc:
            fut.set_exception(exc)
        return fut

    def is_running(self):
        return self._running

    def is_closed(self):
        return self._closed

    def _check_closed(self):
        if self._closed:
            raise RuntimeError('Event loop is closed')

    def close(self):
        if self._running:
            raise RuntimeError('Cannot close a running event loop')
        self._closed = True
        self._ready.clear()
        self._timers.clear()

    def stop(self):
        self._stopping = True

    def get_debug(self):
        return False

    def set_debug(self, enabled):
        pass

    def set_exception_handler(self, handler):
        self._exception_handler = handler

    def get_exception_handler(self):
        return self._exception_handler

    def default_exception_handler(self, context):
        msg = context.get('message', 'Unhandled exception in event loop')
        exc = context.get('exception')
        sys.stderr.write(f'{msg}\n')
        if exc is not None:
            sys.stderr.write(f'{type(exc).__name__}: {exc}\n')

    def call_exception_handler(self, context):
        if self._exception_handler is not None:
            self._exception_handler(self, context)
        else:
            self.default_exception_handler(context)

    async def shutdown_asyncgens(self):
        pass

    async def shutdown_default_executor(self):
        pass

    # running
    def _run_once(self):
        """Run every callback that is ready; if none, advance the clock to
        the next timer.  False when there is nothing left to do."""
        while self._timers and self._timers[0]._cancelled:
            _heappop(self._timers)
        if not self._ready:
            if not self._timers:
                return False
            h = _heappop(self._timers)
            if h._when > self._clock:
                self._clock = h._when
            self._ready.append(h)
            while self._timers and self._timers[0]._when <= self._clock:
                h = _heappop(self._timers)
                if not h._cancelled:
                    self._ready.append(h)
        batch = self._ready
        self._ready = []
        for h in batch:
            if not h._cancelled:
                h._run()
        return True

    def run_forever(self):
        self._check_closed()
        global _running_loop
        if _running_loop is not None:
            raise RuntimeError('Cannot run the event loop while another '
                               'loop is running')
        self._running = True
        self._stopping = False
        _running_loop = self
        try:
            while not self._stopping:
                if not self._run_once():
                    raise RuntimeError('Event loop stopped: no task can '
                                       'make progress')
        finally:
            self._running = False
            self._stopping = False
            _running_loop = None

    def run_until_complete(self, future):
        self._check_closed()
        global _running_loop
        if _running_loop is not None:
            raise RuntimeError('Cannot run the event loop while another '
                               'loop is running')
        fut = ensure_future(future, loop=self)
        self._running = True
        _running_loop = self
        try:
            while not fut.done():
                if not self._run_once():
                    raise RuntimeError(
                        'asyncio: deadlock: every task is waiting and '
                        'nothing can wake one')
        finally:
            self._running = False
            _running_loop = None
        return fut.result()


def get_running_loop():
    if _running_loop is None:
        raise RuntimeError('no running event loop')
    return _running_loop


def _get_running_loop():
    return _running_loop


def get_event_loop():
    global _event_loop
    if _running_loop is not None:
        return _running_loop
    if _event_loop is None or _event_loop.is_closed():
        _event_loop = _Loop()
    return _event_loop


def new_event_loop():
    return _Loop()


def set_event_loop(loop):
    global _event_loop
    _event_loop = loop


def _get_loop(loop=None):
    if loop is not None:
        return loop
    return get_event_loop()


# ---- Future ---------------------------------------------------------------

class Future:
    """A result that becomes available later."""
    _asyncio_future_blocking = False

    def __init__(self, *, loop=None):
        self._loop = _get_loop(loop)
        self._state = _PENDING
        self._result = None
        self._exception = None
        self._callbacks = []
        self._cancel_message = None

    def get_loop(self):
        return self._loop

    def _repr_info(self):
        if self._state == _FINISHED:
            if self._exception is not None:
                return f'finished exception={self._exception!r}'
            return f'finished result={self._result!r}'
        return self._state.lower()

    def __repr__(self):
        return f'<{type(self).__name__} {self._repr_info()}>'

    def cancel(self, msg=None):
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self._schedule_callbacks()
        return True

    def _schedule_callbacks(self):
        callbacks = self._callbacks[:]
        self._callbacks = []
        for cb in callbacks:
            self._loop.call_soon(cb, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def _make_cancelled_error(self):
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Result is not set.')
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError('Exception is not set.')
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        kept = [f for f in self._callbacks if f != fn]
        removed = len(self._callbacks) - len(kept)
        self._callbacks = kept
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError(f'{self._state}: {self!r}')
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError(f'{self._state}: {self!r}')
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError('StopIteration interacts badly with generators '
                            'and cannot be raised into a Future')
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


def isfuture(obj):
    return getattr(type(obj), '_asyncio_future_blocking', None) is not None \
        and not isinstance(obj, type)


# ---- Task -----------------------------------------------------------------

_task_counter = 0
_current_tasks = {}


class _YieldOnce:
    """await _YieldOnce(): give every other ready task a turn."""

    def __await__(self):
        yield None


def iscoroutine(obj):
    return type(obj).__name__ == 'coroutine' or (
        hasattr(obj, 'send') and hasattr(obj, 'throw')
        and hasattr(obj, '__await__'))


def iscoroutinefunction(func):
    f = func
    while hasattr(f, '__wrapped__') and not hasattr(f, '__code__'):
        f = f.__wrapped__
    f = getattr(f, '__func__', f)
    if getattr(f, '_is_coroutine', False):
        return True
    code = getattr(f, '__code__', None)
    if code is None:
        return False
    return bool(code.co_flags & _CO_COROUTINE)


class Task(Future):
    """A coroutine scheduled on the loop."""

    def __init__(self, coro, *, loop=None, name=None, context=None):
        super().__init__(loop=loop)
        if not iscoroutine(coro):
            raise TypeError(f'a coroutine was expected, got {coro!r}')
        global _task_counter
        _task_counter += 1
        self._name = str(name) if name is not None else f'Task-{_task_counter}'
        self._coro = coro
        self._fut_waiter = None
        self._must_cancel = False
        self._num_cancels_requested = 0
        self._loop._tasks.append(self)
        self._loop.call_soon(self._step)

    def __repr__(self):
        info = self._repr_info()
        coro = getattr(self._coro, '__qualname__', None) or \
            getattr(self._coro, '__name__', '?')
        return f"<Task {info} name={self._name!r} coro=<{coro}()>>"

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def get_coro(self):
        return self._coro

    def get_stack(self, *, limit=None):
        return []

    def set_result(self, result):
        raise RuntimeError('Task does not support set_result operation')

    def set_exception(self, exception):
        raise RuntimeError('Task does not support set_exception operation')

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def cancel(self, msg=None):
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg=msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _finish(self):
        try:
            self._loop._tasks.remove(self)
        except ValueError:
            pass

    def _step(self, exc=None):
        if self.done():
            return
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        coro = self._coro
        self._fut_waiter = None
        prev = _current_tasks.get(id(self._loop))
        _current_tasks[id(self._loop)] = self
        try:
            if exc is None:
                result = coro.send(None)
            else:
                result = coro.throw(exc)
        except StopIteration as e:
            if self._must_cancel:
                self._must_cancel = False
                Future.cancel(self, msg=self._cancel_message)
            else:
                Future.set_result(self, e.value)
            self._finish()
        except CancelledError as e:
            self._cancel_message = e.args[0] if e.args else None
            Future.cancel(self, msg=self._cancel_message)
            self._finish()
        except (KeyboardInterrupt, SystemExit) as e:
            Future.set_exception(self, e)
            self._finish()
            raise
        except BaseException as e:
            Future.set_exception(self, e)
            self._finish()
        else:
            blocking = getattr(result, '_asyncio_future_blocking', None)
            if blocking is not None:
                if result is self:
                    self._loop.call_soon(
                        self._step,
                        RuntimeError(f'Task cannot await on itself: {self!r}'))
                elif blocking:
                    result._asyncio_future_blocking = False
                    result.add_done_callback(self._wakeup)
                    self._fut_waiter = result
                    if self._must_cancel:
                        if self._fut_waiter.cancel(msg=self._cancel_message):
                            self._must_cancel = False
                else:
                    self._loop.call_soon(
                        self._step,
                        RuntimeError('yield was used instead of yield from '
                                     f'in task {self!r} with {result!r}'))
            elif result is None:
                self._loop.call_soon(self._step)
            else:
                self._loop.call_soon(
                    self._step,
                    RuntimeError(f'Task got bad yield: {result!r}'))
        finally:
            if prev is None:
                _current_tasks.pop(id(self._loop), None)
            else:
                _current_tasks[id(self._loop)] = prev

    def _wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:
            self._step(exc)
        else:
            self._step()


def current_task(loop=None):
    if loop is None:
        loop = get_running_loop()
    return _current_tasks.get(id(loop))


def all_tasks(loop=None):
    if loop is None:
        loop = get_running_loop()
    return {t for t in loop._tasks if not t.done()}


def create_task(coro, *, name=None, context=None):
    loop = get_running_loop()
    return loop.create_task(coro, name=name)


def ensure_future(coro_or_future, *, loop=None):
    if isfuture(coro_or_future):
        return coro_or_future
    if iscoroutine(coro_or_future):
        return _get_loop(loop).create_task(coro_or_future)
    if hasattr(coro_or_future, '__await__'):
        async def _wrap(aw):
            return await aw
        return _get_loop(loop).create_task(_wrap(coro_or_future))
    raise TypeError('An asyncio.Future, a coroutine or an awaitable is '
                    'required')


def _cancel_all_tasks(loop):
    to_cancel = [t for t in loop._tasks if not t.done()]
    if not to_cancel:
        return
    for t in to_cancel:
        t.cancel()
    gathered = gather(*to_cancel, return_exceptions=True)
    try:
        loop.run_until_complete(gathered)
    except RuntimeError:
        pass
    for t in to_cancel:
        if t.cancelled():
            continue
        if t._exception is not None:
            loop.call_exception_handler({
                'message': 'unhandled exception during asyncio.run() '
                           'shutdown',
                'exception': t._exception,
                'task': t,
            })


def run(main, *, debug=None):
    """Run the coroutine main in a new event loop and return its result."""
    if _running_loop is not None:
        raise RuntimeError('asyncio.run() cannot be called from a running '
                           'event loop')
    if not iscoroutine(main):
        raise ValueError(f'a coroutine was expected, got {main!r}')
    loop = _Loop()
    set_event_loop(loop)
    try:
        return loop.run_until_complete(main)
    finally:
        try:
            _cancel_all_tasks(loop)
        finally:
            set_event_loop(None)
            loop.close()


class Runner:
    def __init__(self, *, debug=None, loop_factory=None):
        self._loop = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def get_loop(self):
        if self._loop is None:
            self._loop = _Loop()
        return self._loop

    def run(self, coro, *, context=None):
        return self.get_loop().run_until_complete(coro)

    def close(self):
        if self._loop is not None:
            try:
                _cancel_all_tasks(self._loop)
            finally:
                self._loop.close()


# ---- sleep, gather, wait, wait_for, as_completed, shield ------------------

async def sleep(delay, result=None):
    """Wait delay seconds (for real: sleeps in the box are sequential)."""
    if delay <= 0:
        await _YieldOnce()
        return result
    loop = get_running_loop()
    future = loop.create_future()
    h = loop.call_later(delay, _wake_sleeper, future, delay, result)
    try:
        return await future
    finally:
        h.cancel()


def _wake_sleeper(fut, delay, result):
    """A sleep's timer: only now that it is due, and only if nobody
    cancelled the sleep, wait for real (charging the sleep budget).  A
    cancelled sleep never waits."""
    if fut.cancelled():
        return
    try:
        _real_sleep(delay)
    except BaseException as exc:
        fut.set_exception(exc)
        return
    fut.set_result(result)


def _set_result_unless_cancelled(fut, result):
    if not fut.cancelled():
        fut.set_result(result)


class _GatheringFuture(Future):
    def __init__(self, children, *, loop):
        super().__init__(loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    """Run awaitables concurrently; their results in order."""
    if not coros_or_futures:
        loop = get_event_loop()
        outer = loop.create_future()
        outer.set_result([])
        return outer

    arg_to_fut = {}
    children = []
    loop = None
    for arg in coros_or_futures:
        key = id(arg)
        if key not in arg_to_fut:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut._loop
            arg_to_fut[key] = fut
        children.append(arg_to_fut[key])

    outer = _GatheringFuture(children, loop=loop)
    state = {'done': 0}
    nfuts = len(arg_to_fut)

    def _done_callback(fut):
        state['done'] += 1
        if outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                Future.set_exception(outer, fut._make_cancelled_error())
                return
            exc = fut.exception()
            if exc is not None:
                Future.set_exception(outer, exc)
                return
        if state['done'] == nfuts:
            results = []
            for f in children:
                if f.cancelled():
                    res = f._make_cancelled_error()
                else:
                    res = f._exception if f._exception is not None \
                        else f._result
                results.append(res)
            if outer._cancel_requested:
                Future.set_exception(outer, CancelledError())
            else:
                Future.set_result(outer, results)

    for fut in arg_to_fut.values():
        fut.add_done_callback(_done_callback)
    return outer


async def wait_for(fut, timeout):
    """Wait for an awaitable with a timeout: TimeoutError when it passes."""
    loop = get_running_loop()
    if timeout is None:
        return await fut
    fut = ensure_future(fut, loop=loop)
    if timeout <= 0:
        if fut.done():
            return fut.result()
        fut.cancel()
        await _cancel_and_wait(fut)
        raise TimeoutError()

    waiter = loop.create_future()

    def _release(*args):
        if not waiter.done():
            waiter.set_result(None)

    h = loop.call_later(timeout, _release)
    fut.add_done_callback(_release)
    try:
        try:
            await waiter
        except CancelledError:
            if fut.done():
                return fut.result()
            fut.remove_done_callback(_release)
            await _cancel_and_wait(fut)
            raise
        if fut.done():
            return fut.result()
        fut.remove_done_callback(_release)
        await _cancel_and_wait(fut)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    finally:
        h.cancel()


async def _cancel_and_wait(fut):
    loop = get_running_loop()
    waiter = loop.create_future()

    def _release(f):
        if not waiter.done():
            waiter.set_result(None)
    fut.add_done_callback(_release)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(_release)


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    """Wait for Futures/Tasks; returns (done, pending) sets."""
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect a list of futures, not {type(fs).__name__}')
    fs = list(fs)
    if not fs:
        raise ValueError('Set of Tasks/Futures is empty.')
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError(f'Invalid return_when value: {return_when}')
    loop = get_running_loop()
    if any(iscoroutine(f) for f in fs):
        raise TypeError('Passing coroutines is forbidden, use tasks '
                        'explicitly.')
    fs = set(fs)
    waiter = loop.create_future()
    counter = [len(fs)]
    h = None
    if timeout is not None:
        h = loop.call_later(timeout, _release_waiter, waiter)

    def _on_completion(f):
        counter[0] -= 1
        if (counter[0] <= 0 or return_when == FIRST_COMPLETED
                or (return_when == FIRST_EXCEPTION and not f.cancelled()
                    and f.exception() is not None)):
            _release_waiter(waiter)

    for f in fs:
        f.add_done_callback(_on_completion)
    try:
        if not _wait_satisfied(fs, return_when):
            await waiter
    finally:
        if h is not None:
            h.cancel()
        for f in fs:
            f.remove_done_callback(_on_completion)
    done, pending = set(), set()
    for f in fs:
        (done if f.done() else pending).add(f)
    return done, pending


def _wait_satisfied(fs, return_when):
    if all(f.done() for f in fs):
        return True
    if return_when == FIRST_COMPLETED:
        return any(f.done() for f in fs)
    if return_when == FIRST_EXCEPTION:
        return any(f.done() and not f.cancelled() and f.exception() is not None
                   for f in fs)
    return False


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


def as_completed(fs, *, timeout=None):
    """An iterator of awaitables, each giving the next result to finish."""
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f'expect an iterable of futures, not '
                        f'{type(fs).__name__}')
    loop = get_event_loop()
    todo = []
    for f in fs:
        f = ensure_future(f, loop=loop)
        if f not in todo:
            todo.append(f)
    done = []
    waiters = []
    h = [None]

    def _on_timeout():
        for f in todo:
            f.remove_done_callback(_on_completion)
        while waiters:
            w = waiters.pop(0)
            if not w.done():
                w.set_exception(TimeoutError())
        todo.clear()

    def _on_completion(f):
        if f not in todo:
            return
        todo.remove(f)
        if waiters:
            w = waiters.pop(0)
            if not w.done():
                w.set_result(f)
        else:
            done.append(f)
        if not todo and h[0] is not None:
            h[0].cancel()

    for f in todo:
        f.add_done_callback(_on_completion)
    if todo and timeout is not None:
        h[0] = loop.call_later(timeout, _on_timeout)

    async def _wait_for_one():
        if done:
            f = done.pop(0)
        else:
            if not todo:
                raise TimeoutError()
            w = get_running_loop().create_future()
            waiters.append(w)
            f = await w
        return f.result()

    for _ in range(len(todo)):
        yield _wait_for_one()


async def shield(arg):
    inner = ensure_future(arg)
    if inner.done():
        return inner.result()
    loop = inner._loop
    outer = loop.create_future()

    def _inner_done(inner):
        if outer.cancelled():
            return
        if inner.cancelled():
            outer.cancel()
        elif inner.exception() is not None:
            outer.set_exception(inner.exception())
        else:
            outer.set_result(inner.result())
    inner.add_done_callback(_inner_done)
    return await outer


async def to_thread(func, /, *args, **kwargs):
    """No threads in the box: func runs now, in this task."""
    return func(*args, **kwargs)


# ---- timeout --------------------------------------------------------------

class Timeout:
    """async with timeout(delay): cancels the block when delay passes and
    raises TimeoutError instead."""

    def __init__(self, when):
        self._when = when
        self._state = 'created'
        self._handle = None
        self._task = None

    def when(self):
        return self._when

    def reschedule(self, when):
        if self._state != 'entered':
            raise RuntimeError(f'Cannot change state of {self._state} Timeout')
        self._when = when
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if when is not None:
            loop = get_running_loop()
            if when <= loop.time():
                self._handle = loop.call_soon(self._on_timeout)
            else:
                self._handle = loop.call_at(when, self._on_timeout)

    def expired(self):
        return self._state in ('expiring', 'expired')

    def __repr__(self):
        info = ''
        if self._state == 'entered':
            info = f' when={self._when}'
        return f'<Timeout [{self._state}]{info}>'

    async def __aenter__(self):
        self._state = 'entered'
        self._task = current_task()
        if self._task is None:
            raise RuntimeError('Timeout should be used inside a task')
        self.reschedule(self._when)
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._state == 'expiring':
            self._state = 'expired'
            if self._task.uncancel() == 0 and exc_type is CancelledError:
                raise TimeoutError() from exc_val
        elif self._state == 'entered':
            self._state = 'exited'
        return None

    def _on_timeout(self):
        self._task.cancel()
        self._state = 'expiring'
        self._handle = None


def timeout(delay):
    loop = get_running_loop()
    return Timeout(loop.time() + delay if delay is not None else None)


def timeout_at(when):
    return Timeout(when)


# ---- TaskGroup ------------------------------------------------------------

class TaskGroup:
    """async with TaskGroup() as tg: tg.create_task(...); waits for all,
    cancels the rest when one fails, and raises an ExceptionGroup."""

    def __init__(self):
        self._entered = False
        self._exiting = False
        self._aborting = False
        self._loop = None
        self._parent_task = None
        self._parent_cancel_requested = False
        self._tasks = set()
        self._errors = []
        self._base_error = None
        self._on_completed_fut = None

    def __repr__(self):
        info = ''
        if self._tasks:
            info += f' tasks={len(self._tasks)}'
        if self._errors:
            info += f' errors={len(self._errors)}'
        if self._aborting:
            info += ' cancelling'
        elif self._entered:
            info += ' entered'
        return f'<TaskGroup{info}>'

    async def __aenter__(self):
        if self._entered:
            raise RuntimeError(f'TaskGroup {self!r} has been already entered')
        self._entered = True
        self._loop = get_running_loop()
        self._parent_task = current_task()
        if self._parent_task is None:
            raise RuntimeError(f'TaskGroup {self!r} cannot determine the '
                               'parent task')
        return self

    async def __aexit__(self, et, exc, tb):
        self._exiting = True
        propagate_cancellation_error = None
        if exc is not None and self._is_base_error(exc) \
                and self._base_error is None:
            self._base_error = exc
        if et is CancelledError:
            if self._parent_cancel_requested and \
                    not self._parent_task.uncancel():
                pass
            else:
                propagate_cancellation_error = exc
        if et is not None and not self._aborting:
            self._abort()

        while self._tasks:
            if self._on_completed_fut is None:
                self._on_completed_fut = self._loop.create_future()
            try:
                await self._on_completed_fut
            except CancelledError as ex:
                if not self._aborting:
                    propagate_cancellation_error = ex
                    self._abort()
            self._on_completed_fut = None

        self._exiting = False
        if self._base_error is not None:
            raise self._base_error
        if propagate_cancellation_error is not None and not self._errors:
            raise propagate_cancellation_error
        if et is not None and et is not CancelledError:
            self._errors.append(exc)
        if self._errors:
            errors = self._errors
            self._errors = None
            # as CPython: BaseExceptionGroup is an ExceptionGroup when
            # every error is an Exception
            raise BaseExceptionGroup('unhandled errors in a TaskGroup', errors) from None
        return None

    def create_task(self, coro, *, name=None, context=None):
        if not self._entered:
            raise RuntimeError(f'TaskGroup {self!r} has not been entered')
        if self._exiting and not self._tasks:
            raise RuntimeError(f'TaskGroup {self!r} is finished')
        if self._aborting:
            raise RuntimeError(f'TaskGroup {self!r} is shutting down')
        task = self._loop.create_task(coro, name=name)
        task.add_done_callback(self._on_task_done)
        self._tasks.add(task)
        return task

    def _is_base_error(self, exc):
        return isinstance(exc, BaseException) and \
            not isinstance(exc, (Exception, CancelledError))

    def _abort(self):
        self._aborting = True
        for t in self._tasks:
            if not t.done():
                t.cancel()

    def _on_task_done(self, task):
        self._tasks.discard(task)
        if self._on_completed_fut is not None and not self._tasks:
            if not self._on_completed_fut.done():
                self._on_completed_fut.set_result(True)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        self._errors.append(exc)
        if self._is_base_error(exc) and self._base_error is None:
            self._base_error = exc
        if self._parent_task.done():
            return
        if not self._aborting and not self._parent_cancel_requested:
            self._abort()
            self._parent_cancel_requested = True
            self._parent_task.cancel()


for _c, _m in ((CancelledError, 'asyncio.exceptions'),
               (InvalidStateError, 'asyncio.exceptions'),
               (LimitOverrunError, 'asyncio.exceptions'),
               (IncompleteReadError, 'asyncio.exceptions'),
               (Future, '_asyncio'), (Task, '_asyncio'),
               (TaskGroup, 'asyncio.taskgroups'),
               (Timeout, 'asyncio.timeouts'), (Runner, 'asyncio.runners'),
               (Handle, 'asyncio.events'), (TimerHandle, 'asyncio.events'),
               (AbstractEventLoop, 'asyncio.events')):
    _c.__module__ = _m
del _c, _m

# the synchronisation primitives and queues live in their own file
from _box_asyncio_locks import (Lock, Event, Condition, Semaphore,
                                BoundedSemaphore, QueueEmpty, QueueFull,
                                Queue, PriorityQueue, LifoQueue)
