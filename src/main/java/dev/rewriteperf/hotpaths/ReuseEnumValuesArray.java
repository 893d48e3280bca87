package dev.rewriteperf.hotpaths;

import dev.rewriteperf.analysis.names.ConstantNames;
import dev.rewriteperf.analysis.names.EnclosingClasses;
import dev.rewriteperf.analysis.project.ReflectedFields;
import dev.rewriteperf.analysis.project.ReleasePromises;
import dev.rewriteperf.analysis.recipes.FieldAddingRecipe;
import dev.rewriteperf.analysis.recipes.Measured;
import dev.rewriteperf.analysis.writing.FileFormat;
import dev.rewriteperf.profile.GatedRecipe;
import dev.rewriteperf.profile.Spots;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.JavaVisitor;
import org.openrewrite.java.search.UsesMethod;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JavaType;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class ReuseEnumValuesArray extends FieldAddingRecipe implements GatedRecipe {

    /** Any type's {@code values()}: the precondition, before {@link EnumValuesCall} asks whether it is an enum's. */
    private static final String VALUES = "*..* values()";
    private static final String ENUM_FIELDS = "ENUM_VALUES_FIELDS";
    private static final String TOP_LEVEL_FIELDS = "TOP_LEVEL_VALUES_FIELDS";

    private final transient Spots spots = new Spots(this);

    @Override
    public Spots spots() {
        return spots;
    }

    @Override
    public String getDisplayName() {
        return "Reuse one `values()` array in hot methods";
    }

    @Override
    public String getDescription() {
        return "In a method a profile marks hot, a loop over an enum's `values()` reads one cached `private static " +
               "final E[] VALUES` instead of a fresh copy. Without a profile, or where the array escapes, it is " +
               "left alone. " + Measured.sentence(ReuseEnumValuesArray.class);
    }

    @Override
    public Set<String> getTags() {
        return new HashSet<>(Arrays.asList("performance", "allocation", "enum"));
    }

    @Override
    public Duration getEstimatedEffortPerOccurrence() {
        return Duration.ofMinutes(1);
    }

    @Override
    public TreeVisitor<?, ExecutionContext> getVisitor(ReflectedFields reflected) {
        return Preconditions.check(new UsesMethod<>(VALUES), FileFormat.keptBy(new ValuesVisitor(reflected)));
    }

    /** Reads each enum's shared array where it may, and records why not elsewhere. */
    private final class ValuesVisitor extends JavaVisitor<ExecutionContext> {
        private final ReflectedFields reflected;

        ValuesVisitor(ReflectedFields reflected) {
            this.reflected = reflected;
        }

        @Override
        public J visitClassDeclaration(J.ClassDeclaration classDecl, ExecutionContext ctx) {
            boolean isEnum = classDecl.getKind() == J.ClassDeclaration.Kind.Type.Enum;
            boolean topLevel = EnclosingClasses.isTopLevel(getCursor());
            if (!isEnum && !topLevel) {
                return super.visitClassDeclaration(classDecl, ctx);
            }
            J.CompilationUnit cu = getCursor().firstEnclosingOrThrow(J.CompilationUnit.class);
            SharedFields fields = SharedFields.of(EnumArrays.KIND, classDecl, cu, reflected,
                    ReleasePromises.at(getCursor(), ctx));
            if (fields != null) {
                getCursor().putMessage(isEnum ? ENUM_FIELDS : TOP_LEVEL_FIELDS, fields);
            }
            J.ClassDeclaration c = (J.ClassDeclaration) super.visitClassDeclaration(classDecl, ctx);
            return fields == null || !fields.addsFields() ? c : fields.declare(c, new Cursor(getCursor().getParentOrThrow(), c), ctx);
        }

        @Override
        public J visitMethodInvocation(J.MethodInvocation method, ExecutionContext ctx) {
            J visited = super.visitMethodInvocation(method, ctx);
            EnumValuesCall values = visited instanceof J.MethodInvocation ? EnumValuesCall.of((J.MethodInvocation) visited) : null;
            if (values == null) {
                return visited;
            }
            SharedFields fields = target(values);
            String key = EnumArrays.key(values, getCursor(), enumCursor(values) != null);
            String reason = reason(values, fields, key);
            J.Identifier field = reason == null && fields != null && key != null ? fields.reference(key, names(values),
                    getCursor(), new JavaType.Array(null, values.enumType, null)) : null;
            if (reason == null && field == null) {
                reason = "no name is free for the array field, or the class's type is unknown";
            }
            if (reason != null) {
                spots.leftAlone(ctx, getCursor(), values.call, reason);
                return visited;
            }
            if (!spots.mayRewrite(ctx, getCursor(), values.call)) {
                return visited;
            }
            J shared = field.withPrefix(values.call.getPrefix());
            fields.use(key, field);
            spots.rewritten(ctx, getCursor(), values.call, shared);
            return shared;
        }

        /** The fields of the enum itself when the call is in it, else of the top-level class. */
        private @Nullable SharedFields target(EnumValuesCall values) {
            Cursor inEnum = enumCursor(values);
            return inEnum != null ? inEnum.getMessage(ENUM_FIELDS) : getCursor().getNearestMessage(TOP_LEVEL_FIELDS);
        }

        /** The enum's own declaration around the call, or null when the call is outside it. */
        private @Nullable Cursor enumCursor(EnumValuesCall values) {
            for (Cursor c = getCursor(); c != null; c = c.getParent()) {
                if (c.getValue() instanceof J.ClassDeclaration && values.isOf(c.getValue())) {
                    return c;
                }
            }
            return null;
        }

        private J.@Nullable ClassDeclaration enclosingEnum(EnumValuesCall values) {
            Cursor inEnum = enumCursor(values);
            return inEnum == null ? null : inEnum.getValue();
        }

        private @Nullable String reason(EnumValuesCall values, @Nullable SharedFields fields, @Nullable String key) {
            if (!spots.profileGuided()) {
                return "rewritten only in methods a profile marks hot (option hotMethods): the JIT often removes the copy";
            }
            if (!EnumValuesCall.onlyRead(getCursor())) {
                return "the array is passed on, returned, stored or written: a shared copy could be changed";
            }
            if (!values.isOnTheType()) {
                return "`values()` is called on an expression, not on the enum's name: the field could not be initialised so";
            }
            J.ClassDeclaration anEnum = enclosingEnum(values);
            if (anEnum != null && EnumValuesCall.constantsMayCallBack(anEnum)) {
                return "creating the enum's constants calls methods, which could read the array before it is set";
            }
            String outside = anEnum == null ? outsideReason(values) : null;
            if (outside != null) {
                return outside;
            }
            if (key == null) {
                return "the enum's name at the call does not name it in the top-level class, where the array would be declared";
            }
            if (fields == null) {
                return "the class's type is unknown";
            }
            String reason = fields.additionReason(key);
            return reason != null ? reason : fields.initialisationReason(getCursor());
        }

        /**
         * Why the array cannot be a field of the top-level class: it cannot hold one first, or creating the enum's
         * constants (when the field is initialised, first in that class) could read fields of that class not yet set.
         * An enum of this file whose constants run no code of their own, or a JDK enum, cannot.
         */
        private @Nullable String outsideReason(EnumValuesCall values) {
            J.ClassDeclaration topLevel = EnclosingClasses.topLevel(getCursor());
            if (topLevel == null || EnclosingClasses.isInterface(topLevel) || topLevel.getKind() == J.ClassDeclaration.Kind.Type.Enum) {
                return "the call is outside its enum, in a top-level interface or enum that cannot hold the array first";
            }
            String name = values.enumType.getFullyQualifiedName();
            if (name.startsWith("java.")) {
                return null; // a JDK enum's initialisation reads nothing of the project
            }
            J.ClassDeclaration declaration = EnumValuesCall.declarationIn(getCursor().firstEnclosingOrThrow(J.CompilationUnit.class),
                    values.enumType);
            if (declaration == null) {
                return "the enum is declared in another file: whether creating its constants reads fields of this class " +
                       "(initialised later than the array) cannot be seen";
            }
            return EnumValuesCall.isPlain(declaration) ? null : "creating the enum's constants runs code of its own " +
                   "(arguments, bodies, a constructor or field initialisers), which could read fields of this class " +
                   "before they are set";
        }

        /** {@code VALUES} in the enum itself; {@code COLOR_VALUES} for {@code Color} elsewhere. */
        private List<String> names(EnumValuesCall values) {
            String simpleName = values.enumType.getClassName().substring(values.enumType.getClassName().lastIndexOf('.') + 1);
            String prefix = ConstantNames.upperSnake(simpleName);
            return enclosingEnum(values) != null ? Arrays.asList("VALUES", prefix + "_VALUES") :
                    Arrays.asList(prefix + "_VALUES", prefix + "_CONSTANTS");
        }
    }
}
