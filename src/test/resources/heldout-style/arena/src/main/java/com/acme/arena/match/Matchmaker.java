package com.acme.arena.match;

import com.acme.arena.world.MapLoader;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** One queue per region, filled by Join packets; the server polls it once per tick. */
public final class Matchmaker {

    public record Ticket(String playerId, String region, int rating, long queuedAt) {
        @Override
        public String toString() {
            return String.format("Ticket[%s in %s, rating %s]", playerId, region, rating);
        }
    }

    public record Match(String id, String map, List<String> players, Map<String, String> teams, String[] roster,
            List<MapLoader.Spawn> spawns) {
    }

    private static final int TEAM_SIZE = 4;

    private final Map<String, Deque<Ticket>> queues = new HashMap<>();
    private final Map<String, Set<String>> recentOpponents = new HashMap<>();
    private final MapLoader maps;
    private final List<String> rotation;
    private long matchSeq;

    public Matchmaker(MapLoader maps, List<String> rotation) {
        this.maps = maps;
        this.rotation = List.copyOf(rotation);
    }

    public synchronized void enqueue(Ticket ticket) {
        queues.computeIfAbsent(ticket.region(), r -> new ArrayDeque<>()).add(ticket);
    }

    public synchronized int queued() {
        int total = 0;
        for (Deque<Ticket> queue : queues.values()) {
            total += queue.size();
        }
        return total;
    }

    public synchronized Map<String, Integer> queueDepths() {
        Map<String, Integer> depths = new TreeMap<>();
        queues.forEach((region, queue) -> depths.put(region, queue.size()));
        return depths;
    }

    /** Called once per server tick: forms every match the queues can fill. */
    public synchronized List<Match> poll() {
        List<String> ready = new ArrayList<>();
        for (String region : queues.keySet()) {
            Deque<Ticket> queue = queues.get(region);
            if (queue.size() >= 2 * TEAM_SIZE) {
                ready.add(region);
            }
        }
        List<Match> started = new ArrayList<>();
        for (String region : ready) {
            Deque<Ticket> queue = queues.get(region);
            while (queue.size() >= 2 * TEAM_SIZE) {
                List<Ticket> players = new ArrayList<>(2 * TEAM_SIZE);
                for (int i = 0; i < 2 * TEAM_SIZE; i++) {
                    players.add(queue.poll());
                }
                started.add(form(region, players));
            }
        }
        return started;
    }

    private Match form(String region, List<Ticket> players) {
        long seq = ++matchSeq;
        String mode = players.size() > 2 * TEAM_SIZE ? "large" : "standard";
        String matchId = String.format("%s-%s-%s", region, mode, seq);
        List<String> ids = players.stream().map(Ticket::playerId).collect(Collectors.toList());
        Map<String, Integer> ratingById = new HashMap<>(players.size());
        for (Ticket t : players) {
            ratingById.put(t.playerId(), t.rating());
        }
        Map<String, String> teams = balance(ids, ratingById);
        String[] roster = teams.entrySet().stream()
                .flatMap(e -> Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        for (String playerId : ids) {
            Set<String> opponents = new HashSet<>();
            opponents.addAll(ids);
            opponents.remove(playerId);
            recentOpponents.put(playerId, opponents);
        }
        String map = rotation.get((int) (seq % rotation.size()));
        return new Match(matchId, map, ids, teams, roster, maps.spawnPointsFor(map));
    }

    /** Snake draft by rating: 1st and 4th best to red, 2nd and 3rd to blue, and so on. */
    private static Map<String, String> balance(List<String> ids, Map<String, Integer> ratingById) {
        List<String> byRating = new ArrayList<>(ids);
        byRating.sort((a, b) -> Integer.compare(ratingById.get(b), ratingById.get(a)));
        int pick = 0;
        Map<String, String> teams = new LinkedHashMap<>();
        for (String id : byRating) {
            int slot = pick++ % 4;
            teams.put(id, slot == 0 || slot == 3 ? "red" : "blue");
        }
        return teams;
    }

    @Override
    public synchronized String toString() {
        StringBuilder sb = new StringBuilder("Matchmaker[");
        for (String region : queues.keySet()) {
            sb.append(region).append('=').append(queues.get(region).size()).append(' ');
        }
        return sb.append("matches=").append(matchSeq).append(']').toString();
    }
}
