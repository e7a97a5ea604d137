import sharp from 'sharp';
import type { ImageJob, ImageJobReply } from './image-jobs';

/*
 * A child process that decodes and re-encodes one image at a time for image-jobs.ts, which kills it
 * at the job's deadline. The decoder runs on one thread, so the deadline bounds the CPU a job takes.
 */

sharp.concurrency(1);
sharp.cache(false);

async function run(job: ImageJob): Promise<ImageJobReply> {
  if (job.kind === 'resize') {
    const data = await sharp(job.data, { limitInputPixels: job.maxPixels })
      .resize({ width: job.width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { ok: true, data, width: job.width, height: 0 };
  }
  const metadata = await sharp(job.data)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height || metadata.format !== job.format)
    return { ok: false, reason: 'not-an-image' };
  if (metadata.width * metadata.height > job.maxPixels) return { ok: false, reason: 'too-many-pixels' };
  const { data, info } = await sharp(job.data, { limitInputPixels: job.maxPixels })
    .rotate()
    .resize({ width: job.maxWidth, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { ok: true, data, width: info.width, height: info.height };
}

process.on('message', (job: ImageJob) => {
  const started = process.cpuUsage();
  const cpuSeconds = () => {
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1e6;
  };
  run(job).then(
    (reply) => process.send!({ ...reply, cpuSeconds: cpuSeconds() }),
    () => process.send!({ ok: false, reason: 'not-an-image', cpuSeconds: cpuSeconds() }),
  );
});

// The parent is gone: end now. process.exit() would wait for a decode in progress to finish.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
process.send!({ ready: true });
