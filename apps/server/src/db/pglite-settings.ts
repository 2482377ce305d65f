/**
 * The embedded database's memory and disk limits (decision 024). PostgreSQL's defaults are a
 * server's: 128 MB of shared buffers, which PGlite touches whole at start, and 1 GB of WAL before a
 * checkpoint. A home hub runs with these instead.
 */
export interface PgliteSettings {
  /** Shared buffers (pages cached by the database), MB: PostgreSQL touches them all at start. */
  sharedBuffersMb: number;
  /** Memory one sort or hash of a query may use before spilling to disk, MB. */
  workMemMb: number;
  /** Memory of VACUUM and index builds, MB. */
  maintenanceWorkMemMb: number;
  /** WAL kept on disk before a checkpoint is forced, MB (disk, not memory). */
  maxWalSizeMb: number;
  /** Heap limit of the database thread's JavaScript (its results in flight), MB. */
  threadHeapMb: number;
}

export const pgliteDefaults: PgliteSettings = {
  sharedBuffersMb: 8,
  workMemMb: 2,
  maintenanceWorkMemMb: 16,
  maxWalSizeMb: 64,
  threadHeapMb: 64,
};

/** The budget with the operator's `DB_*` settings (config.ts) where they are set. */
export function pgliteSettingsOf(c: {
  DB_SHARED_BUFFERS_MB?: number | undefined;
  DB_WORK_MEM_MB?: number | undefined;
  DB_MAX_WAL_MB?: number | undefined;
}): PgliteSettings {
  return {
    ...pgliteDefaults,
    sharedBuffersMb: c.DB_SHARED_BUFFERS_MB ?? pgliteDefaults.sharedBuffersMb,
    workMemMb: c.DB_WORK_MEM_MB ?? pgliteDefaults.workMemMb,
    maxWalSizeMb: c.DB_MAX_WAL_MB ?? pgliteDefaults.maxWalSizeMb,
  };
}

/** The settings as PostgreSQL's `-c name=value` pairs. */
export function postgresSettings(s: PgliteSettings): Record<string, string> {
  return {
    shared_buffers: `${s.sharedBuffersMb}MB`,
    work_mem: `${s.workMemMb}MB`,
    maintenance_work_mem: `${s.maintenanceWorkMemMb}MB`,
    temp_buffers: '2MB',
    // -1 sizes them from shared_buffers (1/32: 256 kB of 8 MB).
    wal_buffers: '-1',
    max_wal_size: `${s.maxWalSizeMb}MB`,
    min_wal_size: `${Math.min(32, s.maxWalSizeMb)}MB`,
  };
}
