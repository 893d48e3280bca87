package com.acme.numeric;

import java.util.ArrayList;
import java.util.List;

/** Thrown when the shapes of two operands, or of a row and its header, do not agree. */
public class DimensionMismatchException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int expected;
    private final int actual;

    public DimensionMismatchException(String message) {
        super(message);
        this.expected = -1;
        this.actual = -1;
    }

    public DimensionMismatchException(String what, int expected, int actual) {
        super(String.format("%s: expected %s but found %s", what, expected, actual));
        this.expected = expected;
        this.actual = actual;
    }

    static DimensionMismatchException forProduct(int leftRows, int leftCols, int rightRows, int rightCols) {
        String shapes = String.format("%sx%s times %sx%s", leftRows, leftCols, rightRows, rightCols);
        return new DimensionMismatchException("cannot multiply " + shapes, leftCols, rightRows);
    }

    /** The error for a data row whose cells do not line up with the header. */
    static DimensionMismatchException forRow(int line, List<String> header, String[] cells) {
        List<String> quoted = new ArrayList<>();
        for (String cell : cells) {
            quoted.add("\"" + cell + "\"");
        }
        return new DimensionMismatchException("line " + line + " has cells " + quoted + " for columns " + header,
                header.size(), cells.length);
    }

    public int expected() {
        return expected;
    }

    public int actual() {
        return actual;
    }
}
