/**
 * @file worker_thread.h
 * @brief One persistent thread that runs posted jobs one at a time, for state that must stay on
 *        one thread (GLPK keeps its memory per thread: an LP is built, solved and freed on the
 *        same thread). Without threads (WebAssembly, or `inline_jobs`) a posted job runs at once
 *        on the caller's thread, so results never depend on whether threads exist.
 */
#pragma once
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace privlab {

class WorkerThread {
 public:
  /// `at_exit` runs on the thread after its last job (e.g. lp::release_thread_state).
  explicit WorkerThread(bool inline_jobs, std::function<void()> at_exit = {})
      : inline_(inline_jobs || !kHaveThreads), at_exit_(std::move(at_exit)) {
    if (!inline_) thread_ = std::thread([this] { loop(); });
  }
  ~WorkerThread() {
    if (inline_) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
      wake_.notify_all();  // under the lock: helgrind then checks the hand-over cleanly
    }
    thread_.join();
  }
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  /// Starts `job` (after the previous one: call wait() between posts).
  void post(std::function<void()> job) {
    if (inline_) {
      try {
        job();
      } catch (...) { error_ = std::current_exception(); }
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = std::move(job);
      busy_ = true;
      wake_.notify_all();
    }
  }
  /// Waits for the posted job; rethrows what it threw.
  void wait() {
    if (!inline_) {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return !busy_; });
    }
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
#ifdef __EMSCRIPTEN__
  static constexpr bool kHaveThreads = false;  // the WASM module is built without pthreads
#else
  static constexpr bool kHaveThreads = true;
#endif
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stop_ || busy_; });
        if (!busy_) break;
        job = std::move(job_);
      }
      try {
        job();
      } catch (...) { error_ = std::current_exception(); }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        busy_ = false;
        wake_.notify_all();
      }
    }
    if (at_exit_) at_exit_();
  }

  const bool inline_;
  std::function<void()> at_exit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::function<void()> job_;
  bool busy_ = false, stop_ = false;
  std::exception_ptr error_;
  std::thread thread_;  // last: starts after every member it uses exists
};

}  // namespace privlab
