package com.acme.render;

/**
 * Thrown when a template cannot be compiled. Carries the position of the offending tag so that the CLI and the
 * dev-mode error page can point at it.
 */
public class TemplateSyntaxException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String templateName;
    private final int line;
    private final int column;
    private final String sourceLine;

    public TemplateSyntaxException(String templateName, int line, int column, String detail) {
        this(templateName, line, column, detail, null);
    }

    public TemplateSyntaxException(String templateName, int line, int column, String detail, String sourceLine) {
        super(String.format("%s:%s:%s: %s", templateName, line, column, detail));
        this.templateName = templateName;
        this.line = line;
        this.column = column;
        this.sourceLine = sourceLine;
    }

    /** The usual "expected X but found Y" error; callers throw the result. */
    public static TemplateSyntaxException unexpected(String templateName, int line, int column,
                                                     String found, String expected) {
        return new TemplateSyntaxException(templateName, line, column,
                String.format("expected %s but found '%s'", expected, found));
    }

    public String templateName() {
        return templateName;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /**
     * The message, the offending source line and a caret under the column. Used by the CLI and the error page,
     * after the exception has been caught.
     */
    public String excerpt() {
        String message = getMessage();
        if (sourceLine == null) {
            return message;
        }
        String caret = " ".repeat(Math.max(0, column - 1));
        return String.format("%s%n    %s%n    %s^", message, sourceLine, caret);
    }
}
