package com.acme.dslc.diag;

import java.util.Objects;

/**
 * A position in a rules file. The type checker keys its per-node type table by position, so every expression node of
 * every compiled file hashes one of these.
 */
public final class SourcePos {
    public static final SourcePos UNKNOWN = new SourcePos("<unknown>", 0, 0);

    private final String file;
    private final int line;
    private final int col;

    public SourcePos(String file, int line, int col) {
        this.file = file;
        this.line = line;
        this.col = col;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int col() {
        return col;
    }

    public SourcePos advance(int columns) {
        return new SourcePos(file, line, col + columns);
    }

    public boolean isBefore(SourcePos other) {
        return file.equals(other.file) && (line < other.line || (line == other.line && col < other.col));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SourcePos)) {
            return false;
        }
        SourcePos other = (SourcePos) o;
        return line == other.line && col == other.col && file.equals(other.file);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, line, col);
    }

    @Override
    public String toString() {
        return String.format("%s:%s:%s", file, line, col);
    }
}
