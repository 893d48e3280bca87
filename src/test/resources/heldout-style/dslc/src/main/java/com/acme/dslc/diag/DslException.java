package com.acme.dslc.diag;

/** An error in a rules file, with the position it was found at. */
public class DslException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final SourcePos pos;
    private final String detail;

    public DslException(String file, int line, String detail) {
        super(String.format("%s:%s: %s", file, line, detail));
        this.pos = new SourcePos(file, line, 1);
        this.detail = detail;
    }

    public DslException(SourcePos pos, String detail) {
        super(pos.file() + ":" + pos.line() + ":" + pos.col() + ": " + detail);
        this.pos = pos;
        this.detail = detail;
    }

    public SourcePos pos() {
        return pos;
    }

    /** The message without the position prefix. */
    public String detail() {
        return detail;
    }

    /**
     * Renders the offending source line with a caret under the column. Only the CLI's error output uses it, after
     * compilation has failed.
     */
    public String snippet(String source) {
        int start = 0;
        for (int l = 1; l < pos.line(); l++) {
            int nl = source.indexOf('\n', start);
            if (nl < 0) {
                break;
            }
            start = nl + 1;
        }
        int end = source.indexOf('\n', start);
        if (end < 0) {
            end = source.length();
        }
        StringBuilder sb = new StringBuilder(end - start + pos.col() + 2);
        sb.append(source.substring(start, end)).append('\n');
        for (int c = 1; c < pos.col(); c++) {
            sb.append(' ');
        }
        return sb.append('^').toString();
    }
}
