package com.acme.templates.engine;

/**
 * Thrown when a template cannot be parsed or rendered. Carries the template name and the line so that the
 * servlet can answer with a useful error header and the precompiler can report every broken file at once.
 */
public class TemplateException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String templateName;
    private final int line;

    public TemplateException(String templateName, int line, String message) {
        super(String.format("%s:%s: %s", templateName, line, message));
        this.templateName = templateName;
        this.line = line;
    }

    public TemplateException(String templateName, String message, Throwable cause) {
        super(templateName + ": " + message, cause);
        this.templateName = templateName;
        this.line = -1;
    }

    public String getTemplateName() {
        return templateName;
    }

    public int getLine() {
        return line;
    }

    @Override
    public String toString() {
        String type = getClass().getSimpleName();
        return String.format("%s[%s@%s]", type, templateName, line);
    }
}
