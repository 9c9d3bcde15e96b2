import BeckonPluginKit
/// The store's tables and its commit function, in the schema `store.options.schema` names,
/// created by the first host that opens the store and migrated in place by later versions.
///
/// - `meta(key, value)`: `schema_version`, the version of this layout.
/// - `records(subject, version, record, log_sizes, updated_at, active_at)`: one versioned record
///   per subject, with the size of each of its logs and its last activity (`active_at`: the
///   host's `now` at its last commit, Unix ms; version 2).
/// - `donations(subject, event, time, seq, info)`: the logs; `seq` orders equal times.
///   Subjects and events are `bytea`, their UTF-8 bytes: any string is a subject id, a NUL
///   character included, which `text` cannot hold (`convert_from(subject, 'UTF8')` reads one).
/// The record's row also keeps the ids of its last 16 commits (`recent_operations`), written in
/// the commit's own transaction, so that a commit whose answer was lost is recognised when it is
/// sent again (see `PostgresStoreBackend.commit`).
/// - `commit(...)`: compare-and-set of the record, the log changes and the operation id, in one
///   statement (one round trip, one transaction); since version 2 it takes the host's `now` and a
///   restore's exact version.
/// - `erase(subject, active_before)` (version 2): both tables' rows of one subject, in one
///   transaction.
struct PostgresSchema {
    /// The layout this plugin writes; a database at a higher version is refused.
    static let currentVersion = 2
    /// How many of a record's last commit ids its row keeps.
    static let recentOperations = 16

    let name: String

    /// `"name"`: the schema, quoted (its name is a plain identifier; see `PostgresOptions`).
    var quoted: String { "\"\(name)\"" }

    /// Creates or migrates the schema. Safe when several hosts open the store at once: it runs
    /// in one transaction, and a loser of a concurrent creation (a duplicate catalog entry,
    /// 23505/42P06/42P07) or of a serialization (40001/40P01) runs it again.
    func migrate(on connection: PostgresConnection) throws(PluginError) {
        // The usual case, a schema already at this version, in one read and no lock.
        if let stored = try? connection.run(versionQuery), stored.rowCount == 1, let version = Int(stored.text(row: 0, column: 0)) {
            if version == Self.currentVersion { return }
            if version > Self.currentVersion { throw newerSchema(version) }
        }
        var attempt = 0
        while true {
            attempt += 1
            do {
                try migrateOnce(on: connection)
                return
            } catch let failure as PostgresFailure {
                _ = try? connection.run("ROLLBACK")
                let raced = ["23505", "42P06", "42P07", "42710"].contains(failure.sqlState ?? "") || failure.kind == .retryable
                if raced, attempt < 10 { continue }
                throw failure.pluginError("cannot create or migrate the schema \(quoted)")
            } catch let error as PluginError {
                _ = try? connection.run("ROLLBACK")
                throw error
            } catch {
                throw .internal("cannot create or migrate the schema \(quoted): \(error)")
            }
        }
    }

    private func migrateOnce(on connection: PostgresConnection) throws {
        try connection.run("BEGIN")
        try connection.run("""
            CREATE SCHEMA IF NOT EXISTS \(quoted);
            CREATE TABLE IF NOT EXISTS \(quoted).meta (key text PRIMARY KEY, value text NOT NULL);
            """)
        let found = try connection.run(versionQuery + " FOR UPDATE")
        let stored = found.rowCount == 0 ? 0 : Int(found.text(row: 0, column: 0)) ?? Int.max
        if stored > Self.currentVersion { throw newerSchema(stored) }
        if stored < 1 {
            try connection.run(versionOne)
        }
        if stored < 2 {
            try connection.run(versionTwo)
        }
        if stored < Self.currentVersion {
            try connection.run("""
                INSERT INTO \(quoted).meta (key, value) VALUES ('schema_version', '\(Self.currentVersion)')
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
                """)
        }
        try connection.run("COMMIT")
    }

    private var versionQuery: String { "SELECT value FROM \(quoted).meta WHERE key = 'schema_version'" }

    private func newerSchema(_ version: Int) -> PluginError {
        .unavailable("""
            the database's schema \(quoted) is at version \(version == Int.max ? "(unreadable)" : String(version)), written by a newer \
            postgres.store; this one knows versions up to \(Self.currentVersion): upgrade the plugin on this host
            """)
    }

    /// Version 1: the tables (its commit function is version 2's now; version 2 drops it).
    private var versionOne: String {
        """
        CREATE TABLE IF NOT EXISTS \(quoted).records (
            subject bytea PRIMARY KEY,
            version bigint NOT NULL,
            record bytea NOT NULL,
            log_sizes jsonb NOT NULL DEFAULT '{}',
            recent_operations uuid[] NOT NULL DEFAULT '{}',
            updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE IF NOT EXISTS \(quoted).donations (
            subject bytea NOT NULL,
            event bytea NOT NULL,
            time bigint NOT NULL,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            info bytea NOT NULL,
            PRIMARY KEY (subject, event, time, seq)
        );
        """
    }

    /// Version 2: each record's last activity, backfilled from `updated_at` (the server's clock,
    /// the best there is for rows written before), the commit function that sets it (and takes a
    /// restore's version) in place of version 1's, and the erase function. Hosts still running a
    /// version 1 plugin on this database must be upgraded: their commit function is gone.
    private var versionTwo: String {
        """
        ALTER TABLE \(quoted).records ADD COLUMN IF NOT EXISTS active_at bigint;
        UPDATE \(quoted).records SET active_at = floor(extract(epoch FROM updated_at) * 1000)::bigint WHERE active_at IS NULL;
        ALTER TABLE \(quoted).records ALTER COLUMN active_at SET NOT NULL;
        DROP FUNCTION IF EXISTS \(quoted).commit(bytea, bigint, bytea, uuid, boolean, bytea, integer[], bytea, integer[], bigint[], bytea,
                                                  integer[], bigint[], bigint[]);
        \(commitFunction)
        \(eraseFunction)
        """
    }

    /// `erase(subject, active_before)`: true when it deleted the subject's record (only when it was
    /// last active before `active_before`) and then every donation of it. Each statement of a
    /// plpgsql function sees what committed before it started, so the donations a commit wrote
    /// before the record's row lock let the first DELETE through are gone too; a commit that comes
    /// after finds no record (a conflict) or starts a new subject.
    private var eraseFunction: String {
        """
        CREATE OR REPLACE FUNCTION \(quoted).erase(p_subject bytea, p_active_before bigint) RETURNS boolean LANGUAGE plpgsql AS $erase$
        BEGIN
            DELETE FROM \(quoted).records WHERE subject = p_subject AND active_at < p_active_before;
            IF NOT FOUND THEN
                RETURN false;
            END IF;
            DELETE FROM \(quoted).donations WHERE subject = p_subject;
            RETURN true;
        END
        $erase$;
        """
    }

    /// `commit(...)` returns 'applied', 'applied-before' (this operation id committed already:
    /// nothing changed), or, when the stored version is not the expected one (nothing changed),
    /// 'conflict' if every commit since the expected version left its id in the row (so this one
    /// surely did not land) and 'conflict-unsure' if more than 16 did (then a commit sent again
    /// cannot tell whether its first sending was one of them).
    ///
    /// Retention by count costs what it drops, not the log's length: the record's row keeps each
    /// log's size (`log_sizes`, event bytes in hex to size), so an append knows at once how many
    /// of the oldest donations are past the bound.
    private var commitFunction: String {
        """
        CREATE OR REPLACE FUNCTION \(quoted).commit(
            p_subject bytea, p_expected bigint, p_record bytea, p_operation uuid,
            p_clears_all boolean, p_cleared bytea, p_cleared_lengths integer[],
            p_events bytea, p_event_lengths integer[], p_times bigint[], p_infos bytea, p_info_lengths integer[],
            p_max_counts bigint[], p_max_ages bigint[], p_now bigint, p_version bigint
        ) RETURNS text LANGUAGE plpgsql AS $commit$
        DECLARE
            sizes jsonb;
            info_start integer := 1;
            event_start integer := 1;
            event_id bytea;
            event_key text;
            size bigint;
            removed bigint;
            newest bigint;
            stored_version bigint;
            stored_operations uuid[];
            -- A restore (p_version > 0) stores exactly its version; a commit the next one.
            target bigint := CASE WHEN p_version > 0 THEN p_version ELSE p_expected + 1 END;
        BEGIN
            IF p_expected = 0 THEN
                INSERT INTO \(quoted).records (subject, version, record, recent_operations, active_at)
                VALUES (p_subject, target, p_record, ARRAY[p_operation], p_now)
                ON CONFLICT (subject) DO NOTHING
                RETURNING log_sizes INTO sizes;
            ELSE
                UPDATE \(quoted).records SET version = target, record = p_record, updated_at = now(), active_at = p_now,
                    recent_operations = (recent_operations || p_operation)[greatest(cardinality(recent_operations) + 2 - \(Self.recentOperations), 1):]
                WHERE subject = p_subject AND version = p_expected
                RETURNING log_sizes INTO sizes;
            END IF;
            IF NOT FOUND THEN
                SELECT version, recent_operations INTO stored_version, stored_operations
                FROM \(quoted).records WHERE subject = p_subject;
                IF p_operation = ANY (stored_operations) THEN
                    RETURN 'applied-before';
                END IF;
                IF stored_version - p_expected > \(Self.recentOperations) THEN
                    RETURN 'conflict-unsure';
                END IF;
                RETURN 'conflict';
            END IF;
            IF NOT p_clears_all AND coalesce(cardinality(p_cleared_lengths), 0) = 0 AND coalesce(cardinality(p_event_lengths), 0) = 0 THEN
                RETURN 'applied';
            END IF;
            IF p_clears_all THEN
                DELETE FROM \(quoted).donations WHERE subject = p_subject;
                sizes := '{}';
            ELSE
                FOR i IN 1 .. coalesce(cardinality(p_cleared_lengths), 0) LOOP
                    event_id := substring(p_cleared FROM event_start FOR p_cleared_lengths[i]);
                    event_start := event_start + p_cleared_lengths[i];
                    DELETE FROM \(quoted).donations WHERE subject = p_subject AND event = event_id;
                    sizes := sizes - encode(event_id, 'hex');
                END LOOP;
            END IF;
            event_start := 1;
            FOR i IN 1 .. coalesce(cardinality(p_event_lengths), 0) LOOP
                event_id := substring(p_events FROM event_start FOR p_event_lengths[i]);
                event_start := event_start + p_event_lengths[i];
                event_key := encode(event_id, 'hex');
                INSERT INTO \(quoted).donations (subject, event, time, info)
                VALUES (p_subject, event_id, p_times[i], substring(p_infos FROM info_start FOR p_info_lengths[i]));
                info_start := info_start + p_info_lengths[i];
                size := coalesce((sizes ->> event_key)::bigint, 0) + 1;
                IF p_max_counts[i] <= 0 THEN
                    DELETE FROM \(quoted).donations WHERE subject = p_subject AND event = event_id;
                    size := 0;
                ELSIF size > p_max_counts[i] THEN
                    -- Keep the p_max_counts[i] most recent (by time, then order of appending).
                    DELETE FROM \(quoted).donations
                    WHERE subject = p_subject AND event = event_id AND seq IN (
                        SELECT seq FROM \(quoted).donations WHERE subject = p_subject AND event = event_id
                        ORDER BY time, seq LIMIT size - p_max_counts[i]);
                    size := p_max_counts[i];
                END IF;
                IF p_max_ages[i] > 0 AND size > 0 THEN
                    SELECT max(time) INTO newest FROM \(quoted).donations WHERE subject = p_subject AND event = event_id;
                    -- newest - max_age, unless that is below bigint's range (then nothing is too old).
                    IF newest >= (-9223372036854775807 - 1) + p_max_ages[i] THEN
                        DELETE FROM \(quoted).donations
                        WHERE subject = p_subject AND event = event_id AND time < newest - p_max_ages[i];
                        GET DIAGNOSTICS removed = ROW_COUNT;
                        size := size - removed;
                    END IF;
                END IF;
                sizes := jsonb_set(sizes, ARRAY[event_key], to_jsonb(size));
            END LOOP;
            UPDATE \(quoted).records SET log_sizes = sizes WHERE subject = p_subject;
            RETURN 'applied';
        END
        $commit$;
        """
    }
}
