package com.acme.sim.events;

/** Everything the world announces; listeners subscribe by topic, see {@link EventBus#topicOf(Class)}. */
public sealed interface GameEvent
        permits GameEvent.Collision, GameEvent.PickedUp, GameEvent.Died, GameEvent.QuickSave {

    record Collision(int first, int second, String kind) implements GameEvent {
    }

    record PickedUp(int who, String item, int value) implements GameEvent {
    }

    record Died(int id, String cause) implements GameEvent {
    }

    record QuickSave(String slot) implements GameEvent {
    }
}
