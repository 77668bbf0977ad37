// The jobs feature's public entry: durable background work with a due time and a lease (decision 024).
export {
  enqueueJob,
  enqueueJobs,
  jobInsert,
  jobKey,
  reopenJob,
  rescheduleJob,
  scheduleJob,
} from './jobs.repo.js';
export {
  runDueJobs,
  startJobWorker,
  type BatchJobHandler,
  type JobContext,
  type JobHandler,
  type JobHandlers,
} from './job-runner.js';
