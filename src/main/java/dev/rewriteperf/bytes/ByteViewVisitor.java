package dev.rewriteperf.bytes;

import dev.rewriteperf.analysis.evaluation.SafeToEvaluate;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.names.SimpleNames;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.Release;
import dev.rewriteperf.analysis.project.ReleasePromises;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.TypeUtils;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

import static dev.rewriteperf.analysis.evaluation.ExpressionShapes.unwrap;


/**
 * What the byte view recipes share: the {@code VarHandle} fields of each top-level class, added after its body is
 * visited, and the checks that a site may use them.
 */
abstract class ByteViewVisitor extends JavaVisitor<ExecutionContext> {

    static final String NO_FIELD_NAME = "the VarHandle field's name is already used here, or the class's type is unknown";
    /** No benchmark measures a view on two bytes: the pack rewrites only what one shows faster. */
    static final String TWO_BYTES = "two bytes: the benchmarks measure views on ints and longs, not on shorts, so a " +
                                    "two-byte value is left as written";
    static final List<String> ARRAY_INDEX_OUT_OF_BOUNDS = Collections.singletonList("java.lang.ArrayIndexOutOfBoundsException");

    private static final String FIELDS = "VIEW_FIELDS";

    private final ReflectedFields reflected;

    ByteViewVisitor(ReflectedFields reflected) {
        this.reflected = reflected;
    }

    @Override
    public J visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
        if (!EnclosingClasses.isTopLevel(getCursor())) {
            return super.visitClassDeclaration(classDecl, ctx);
        }
        ViewFields fields = ViewFields.of(classDecl, getCursor().firstEnclosingOrThrow(J.CompilationUnit.class));
        if (fields != null) {
            getCursor().putMessage(FIELDS, fields);
        }
        J.ClassDeclaration c = (J.ClassDeclaration) super.visitClassDeclaration(classDecl, ctx);
        if (fields == null || !fields.addsFields()) {
            return c;
        }
        for (String type : ViewFields.IMPORTS) {
            maybeAddImport(type);
        }
        return fields.declare(c, new Cursor(getCursor().getParentOrThrow(), c), ctx);
    }

    /** A reference to the top-level class's field for {@code view}, or null when it cannot be named. */
    J.@Nullable Identifier viewField(ByteView view) {
        ViewFields fields = getCursor().getNearestMessage(FIELDS);
        return fields == null ? null : fields.reference(view, getCursor());
    }

    /**
     * Why the current site may not use a view on {@code array} at {@code index}; null when it may. {@code caught}:
     * exceptions that, caught around the site, would see the view's different behaviour.
     */
    @Nullable String siteReason(Expression array, ByteTerm.Index index, Collection<String> caught, ExecutionContext ctx) {
        Release release = ReleasePromises.at(getCursor(), ctx);
        if (!release.has(9)) {
            return "byte array views (MethodHandles.byteArrayViewVarHandle) " + release.reason(9);
        }
        J.ClassDeclaration topLevel = EnclosingClasses.topLevel(getCursor());
        if (topLevel == null || EnclosingClasses.isInterface(topLevel)) {
            return "the top-level type is an interface: its fields cannot be private";
        }
        if (topLevel.getKind() == J.ClassDeclaration.Kind.Type.Enum) {
            return "the top-level type is an enum: its constants are created before the VarHandle field would be";
        }
        String reflection = topLevel.getType() == null ? null : reflected.reason(topLevel.getType());
        if (reflection != null) {
            return reflection;
        }
        if (!SafeToEvaluate.sameValueEachRead(array) || index.base != null && !SafeToEvaluate.sameValueEachRead(index.base)) {
            return "the array or index is not a plain variable, field or arithmetic on them: it would be read once instead of once per byte";
        }
        String catcher = enclosingCatch(caught);
        if (catcher != null) {
            return "an enclosing try catches " + catcher + ", which would see the view's IndexOutOfBoundsException";
        }
        return SimpleNames.importReason(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class), Arrays.asList(ViewFields.IMPORTS));
    }

    /** The simple name of a type in {@code caught} that a try around the site, within its method, catches. */
    private @Nullable String enclosingCatch(Collection<String> caught) {
        Object previous = null;
        for (Cursor c = getCursor(); c != null; c = c.getParent()) {
            Object value = c.getValue();
            if (value instanceof J.MethodDeclaration || value instanceof J.Lambda || value instanceof J.ClassDeclaration) {
                return null;
            }
            if (value instanceof J.Try && previous == ((J.Try) value).getBody()) {
                for (J.Try.Catch aCatch : ((J.Try) value).getCatches()) {
                    JavaType type = aCatch.getParameter().getType();
                    List<JavaType> types = type instanceof JavaType.MultiCatch ?
                            ((JavaType.MultiCatch) type).getThrowableTypes() : Collections.singletonList(type);
                    for (JavaType t : types) {
                        for (String name : caught) {
                            if (TypeUtils.isOfClassType(t, name)) {
                                return name.substring(name.lastIndexOf('.') + 1);
                            }
                        }
                    }
                }
            }
            if (value instanceof J) {
                previous = value;
            }
        }
        return null;
    }

    /** {@code off}, {@code off + 4}, {@code (off << 3) + 4} or a constant, with the base as a template parameter. */
    static String indexCode(ByteTerm.Index index, List<Object> parameters) {
        if (index.base == null) {
            return String.valueOf(index.constant);
        }
        parameters.add(index.base);
        if (index.constant == 0) {
            return "#{any(int)}";
        }
        Expression base = unwrap(index.base);
        boolean additive = !(base instanceof J.Binary) || Arrays.asList(J.Binary.Type.Addition, J.Binary.Type.Subtraction,
                J.Binary.Type.Multiplication, J.Binary.Type.Division, J.Binary.Type.Modulo).contains(((J.Binary) base).getOperator());
        String baseCode = additive ? "#{any(int)}" : "(#{any(int)})";
        return index.constant > 0 ? baseCode + " + " + index.constant : baseCode + " - " + -(long) index.constant;
    }
}
