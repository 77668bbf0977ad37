import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * PostgreSQL transactions without a round trip for BEGIN. The pool's clients run in node-postgres's
 * pipeline mode, so BEGIN is written at once and the transaction's first statement follows it on the
 * wire, without waiting for BEGIN's answer: a booking makes one round trip less (decision 030).
 * BEGIN on an idle pooled connection fails only with the connection itself, and then every statement
 * behind it fails too; its answer is still read before COMMIT, so such a unit ends with that error.
 * Statements of one transaction are otherwise sent one after another, as before.
 */
type PgConnection = Parameters<PostgresDriver['rollbackTransaction']>[0];

class PipelinedBeginDriver extends PostgresDriver {
  /** Each open transaction's BEGIN, until its answer is read at COMMIT or ROLLBACK. */
  readonly #begun = new WeakMap<DatabaseConnection, Promise<unknown>>();

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (settings.isolationLevel || settings.accessMode) return super.beginTransaction(connection, settings);
    const answer = connection.executeQuery(CompiledQuery.raw('begin'));
    // Read at COMMIT or ROLLBACK; until then a failure must not count as unhandled.
    answer.catch(() => undefined);
    this.#begun.set(connection, answer);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const answer = this.#begun.get(connection);
    this.#begun.delete(connection);
    await answer;
    return super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: PgConnection): Promise<void> {
    const answer = this.#begun.get(connection);
    this.#begun.delete(connection);
    await answer?.catch(() => undefined);
    return super.rollbackTransaction(connection);
  }
}

export class PipelinedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new PipelinedBeginDriver(this.#config);
  }
}
