package com.acme.arena.match;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Season standings. Score events arrive from the simulation every frame; clients ask for the top rows. */
public final class Leaderboard {

    public record Row(int rank, String player, int points) {
    }

    private final String season;
    private final Map<String, Integer> points = new ConcurrentHashMap<>();

    public Leaderboard(String season) {
        this.season = season;
    }

    /**
     * Called for every score event the simulation reports, written {@code <player>:<delta>;<reason>},
     * for example {@code ghost#2231:+100;kill}.
     */
    public void onScoreEvent(String event) {
        int colon = event.lastIndexOf(':');
        int semi = event.indexOf(';', colon);
        String player = event.substring(0, colon);
        int delta = Integer.parseInt(event.substring(colon + 1, semi));
        points.merge(player, delta, Integer::sum);
    }

    /** The top {@code n} rows, best first. */
    public List<Row> top(int n) {
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(points.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        List<Map.Entry<String, Integer>> window = sorted.subList(0, Math.min(n, sorted.size()));
        int rank = 1;
        List<Row> rows = new ArrayList<>(window.size());
        for (Map.Entry<String, Integer> e : window) {
            rows.add(new Row(rank++, e.getKey(), e.getValue()));
        }
        return rows;
    }

    /** Names for the compact scoreboard the server pushes after every match. */
    public String[] topNames(int n) {
        List<Row> top = top(n);
        String[] names = top.stream().map(Row::player).toArray(String[]::new);
        return names;
    }

    /** Scoreboard text for legacy clients and the admin console's "top" command. */
    public String render(int n) {
        StringBuilder sb = new StringBuilder();
        for (Row row : top(n)) {
            String player = row.player();
            int tagAt = player.lastIndexOf('#');
            int rank = row.rank();
            int pts = row.points();
            sb.append(player.substring(0, tagAt));
            sb.append(String.format(Locale.ROOT, " %d pts (#%d)%n", pts, rank));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        int size = points.size();
        return String.format("Leaderboard[%s, %s players]", season, size);
    }
}
