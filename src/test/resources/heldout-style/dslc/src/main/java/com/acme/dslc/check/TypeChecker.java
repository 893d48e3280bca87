package com.acme.dslc.check;

import com.acme.dslc.diag.DslException;
import com.acme.dslc.diag.SourcePos;
import com.acme.dslc.parse.Ast;
import com.acme.dslc.plugin.PluginRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Checks every rule of every compiled file; visits each expression node once. Also works out which record fields a
 * rule reads, which the build tool uses to skip rules whose inputs did not change.
 */
public final class TypeChecker implements Ast.Visitor<Ast.Type> {
  private static final Map<Class<?>, Ast.Type> RESULT_TYPES = new ConcurrentHashMap<>();

  private static final Map<String, Ast.Type> FIELD_TYPES;

  static {
    List<String> typed = Arrays.asList("id:INT", "path:STRING", "size:INT", "tags:LIST", "changed:BOOL");
    Map<String, Ast.Type> m = new HashMap<>(typed.size());
    for (String entry : typed) {
      int colon = entry.indexOf(':');
      m.put(entry.substring(0, colon), Ast.Type.valueOf(entry.substring(colon + 1)));
    }
    FIELD_TYPES = m;
  }

  private final PluginRegistry plugins;
  private final Set<String> globals;
  private final Map<SourcePos, Ast.Type> typeAt = new HashMap<>();
  private final List<String> errors = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<Ast.FieldRef> fieldRefs = new ArrayList<>();
  private Map<String, Ast.Type> scope = Collections.emptyMap();
  private Set<String> visible = Collections.emptySet();
  private Set<String> used = new HashSet<>();

  public TypeChecker(PluginRegistry plugins, Set<String> globals) {
    this.plugins = plugins;
    this.globals = globals;
  }

  /** Checks one rule and returns the record fields it depends on. Called for each rule of each file. */
  public Set<String> checkRule(Ast.Rule rule) {
    fieldRefs.clear();
    used = new HashSet<>();
    scope = paramTypes(rule);
    Set<String> names = new HashSet<>();
    names.addAll(globals);
    names.addAll(scope.keySet());
    visible = names;
    rule.accept(this);
    for (String name : scope.keySet()) {
      if (!used.contains(name) && scope.get(name) == Ast.Type.ANY) {
        warnings.add(rule.name + ": unused parameter " + name);
      }
    }
    Set<String> dependsOn = fieldRefs.stream().map(f -> f.root).collect(Collectors.toSet());
    return dependsOn;
  }

  private static Map<String, Ast.Type> paramTypes(Ast.Rule rule) {
    Map<String, Ast.Type> types = new HashMap<>(rule.params.size());
    for (String p : rule.params) {
      types.put(p, Ast.Type.ANY);
    }
    return types;
  }

  public List<String> errors() {
    return errors;
  }

  public List<String> warnings() {
    return warnings;
  }

  @Override
  public Ast.Type visitRule(Ast.Rule rule) {
    Ast.Type cond = rule.when.accept(this);
    if (cond != Ast.Type.BOOL && cond != Ast.Type.ANY) {
      errors.add(rule.pos + ": condition of " + rule.name + " is " + cond + ", not BOOL");
    }
    for (Ast.Node action : rule.actions) {
      action.accept(this);
    }
    return Ast.Type.ANY;
  }

  @Override
  public Ast.Type visitCall(Ast.Call call) {
    PluginRegistry.DslFunction fn = plugins.lookup(call.fn);
    if (fn == null) {
      throw new DslException(call.pos, "unknown function " + call.fn + "()");
    }
    List<Ast.Type> argTypes = call.args.stream().map(a -> a.accept(this)).collect(Collectors.toList());
    try {
      PluginRegistry.checkArity(call.fn, fn.arity(), argTypes.size());
    } catch (IllegalArgumentException e) {
      List<String> shown = argTypes.stream().map(Ast.Type::name).collect(Collectors.toList());
      errors.add(call.pos + ": " + e.getMessage() + " " + shown);
    }
    Ast.Type result = RESULT_TYPES.computeIfAbsent(fn.resultClass(), TypeChecker::dslTypeOf);
    return record(call, result);
  }

  @Override
  public Ast.Type visitIdent(Ast.Ident ident) {
    used.add(ident.name);
    if (!visible.contains(ident.name)) {
      errors.add(ident.pos + ": undefined name " + ident.name);
    }
    return record(ident, scope.getOrDefault(ident.name, Ast.Type.ANY));
  }

  @Override
  public Ast.Type visitLiteral(Ast.Literal literal) {
    return record(literal, literal.type);
  }

  @Override
  public Ast.Type visitField(Ast.FieldRef field) {
    fieldRefs.add(field);
    Ast.Type t = FIELD_TYPES.getOrDefault(field.root, Ast.Type.STRING);
    return record(field, field.path.isEmpty() ? t : Ast.Type.STRING);
  }

  @Override
  public Ast.Type visitBinary(Ast.Binary binary) {
    Ast.Type l = binary.left.accept(this);
    Ast.Type r = binary.right.accept(this);
    switch (binary.op) {
      case "and":
      case "or":
      case "==":
      case "!=":
      case "~":
        return record(binary, Ast.Type.BOOL);
      default:
        if (l == Ast.Type.STRING || r == Ast.Type.STRING) {
          errors.add(binary.pos + ": operator " + binary.op + " needs INT operands");
        }
        return record(binary, Ast.Type.INT);
    }
  }

  private Ast.Type record(Ast.Node node, Ast.Type type) {
    typeAt.put(node.pos, type);
    return type;
  }

  private static Ast.Type dslTypeOf(Class<?> c) {
    if (c == String.class || CharSequence.class.isAssignableFrom(c)) {
      return Ast.Type.STRING;
    }
    if (c == Integer.class || c == Long.class || c == int.class || c == long.class) {
      return Ast.Type.INT;
    }
    if (c == Boolean.class || c == boolean.class) {
      return Ast.Type.BOOL;
    }
    return List.class.isAssignableFrom(c) ? Ast.Type.LIST : Ast.Type.ANY;
  }
}
