package com.acme.sim.model;

/**
 * Everything that lives in a level. Entities are immutable: the world replaces the record of every moving entity on
 * every tick instead of mutating it, which keeps save/load and replays trivial.
 */
public sealed interface Entity permits Entity.Player, Entity.Enemy, Entity.Pickup {

    int id();

    double x();

    double y();

    Entity moveTo(double nx, double ny);

    /** The label drawn above an entity; the HUD asks for it for every visible entity, every frame. */
    static String label(Entity e) {
        return switch (e) {
            case Player(int id, String name, double x, double y, int hp, int score) ->
                    String.format("%s (%s hp)", name, hp);
            case Enemy(int id, String kind, double x, double y, int hp) -> String.format("%s#%s", kind, id);
            case Pickup(int id, String item, double x, double y, int value) -> item + " +" + value;
        };
    }

    /** Coarse kind used for collision rules and save records. */
    static String kindOf(Entity e) {
        return switch (e) {
            case Player p -> "player";
            case Enemy en -> en.kind();
            case Pickup p -> "pickup";
        };
    }

    record Player(int id, String name, double x, double y, int hp, int score) implements Entity {

        public Player {
            if (hp < 0 || hp > 999) {
                throw new IllegalArgumentException(String.format("player %s: hp %s out of range", id, hp));
            }
        }

        @Override
        public Player moveTo(double nx, double ny) {
            return new Player(id, name, nx, ny, hp, score);
        }

        public Player damaged(int amount) {
            return new Player(id, name, x, y, Math.max(0, hp - amount), score);
        }

        public Player scored(int points) {
            return new Player(id, name, x, y, hp, Math.addExact(score, points));
        }
    }

    record Enemy(int id, String kind, double x, double y, int hp) implements Entity {

        @Override
        public Enemy moveTo(double nx, double ny) {
            return new Enemy(id, kind, nx, ny, hp);
        }

        /** Contact damage dealt to the player per tick of overlap. */
        public int bite() {
            return "boss".equals(kind) ? 5 : 1;
        }
    }

    record Pickup(int id, String item, double x, double y, int value) implements Entity {

        @Override
        public Pickup moveTo(double nx, double ny) {
            return this;
        }
    }
}
