package com.acme.rules.model;

import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A compiled rule. Rules are parsed once from the rule files and shared by every evaluation; the engine counts
 * firings per rule in a hash map, so {@link #hashCode()} runs each time a rule matches.
 */
public final class Rule {

  /** A compiled condition, tested against the facts of every incoming event. */
  public interface Condition {
    boolean test(Map<String, Fact> facts);
  }

  /** Runs when the rule matches; may append outgoing messages to {@code outbox}. */
  public interface Action {
    void fire(Rule rule, Map<String, Fact> facts, List<String> outbox);
  }

  private final String id;
  private final int version;
  private final String name;
  private final int priority;
  private final String expression;
  private final Condition condition;
  private final List<Action> actions;
  private final Set<String> tags;

  public Rule(String id, int version, String name, int priority, String expression, Condition condition,
      List<Action> actions, Set<String> tags) {
    this.id = Objects.requireNonNull(id, "id");
    this.version = version;
    this.name = name;
    this.priority = priority;
    this.expression = expression;
    this.condition = condition;
    this.actions = Collections.unmodifiableList(actions);
    this.tags = Collections.unmodifiableSet(tags);
  }

  public String getId() {
    return id;
  }

  public int getVersion() {
    return version;
  }

  public String getName() {
    return name;
  }

  public int getPriority() {
    return priority;
  }

  public String getExpression() {
    return expression;
  }

  public Condition getCondition() {
    return condition;
  }

  public List<Action> getActions() {
    return actions;
  }

  public Set<String> getTags() {
    return tags;
  }

  /**
   * True when this rule listens to at least one of the event's tags (a rule without tags listens to all).
   * The engine asks every rule, for every event, before it tests the condition.
   */
  public boolean hasAnyTag(Collection<String> eventTags) {
    if (tags.isEmpty()) {
      return true;
    }
    Set<String> common = new HashSet<>();
    common.addAll(tags);
    common.retainAll(eventTags);
    return !common.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Rule)) {
      return false;
    }
    Rule other = (Rule) o;
    return version == other.version && id.equals(other.id);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, version);
  }

  @Override
  public String toString() {
    List<String> labels = tags.stream().map(t -> "#" + t).collect(Collectors.toList());
    String tagText = String.join(" ", labels);
    return String.format("Rule %s v%s '%s' (priority %s) %s", id, version, name, priority, tagText);
  }
}
