package com.acme.search.index;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * In-memory inverted index for the segment being built: term -> posting list.
 * Written to disk by {@link com.acme.search.store.SegmentFile} on flush.
 */
public final class InvertedIndex {

	/** A term of one field. Used as the key of every posting-list lookup. */
	public static final class Term {
		final String field;
		final String text;

		public Term(String field, String text) {
			this.field = field;
			this.text = text;
		}

		public String field() {
			return field;
		}

		public String text() {
			return text;
		}

		@Override
		public boolean equals(Object o) {
			if (this == o) {
				return true;
			}
			if (!(o instanceof Term)) {
				return false;
			}
			Term other = (Term) o;
			return field.equals(other.field) && text.equals(other.text);
		}

		@Override
		public int hashCode() {
			return Objects.hash(field, text);
		}

		@Override
		public String toString() {
			return String.format("%s:%s", field, text);
		}
	}

	/** One document's occurrences of a term. */
	public static final class Posting {
		final int docId;
		final int[] positions;

		Posting(int docId, int[] positions) {
			this.docId = docId;
			this.positions = positions;
		}

		public int docId() {
			return docId;
		}

		public int freq() {
			return positions.length;
		}

		public int[] positions() {
			return positions;
		}
	}

	private final Map<Term, List<Posting>> postings = new HashMap<>();
	private final Map<Integer, String> docPaths = new HashMap<>();
	private final Set<String> fields = new HashSet<>();
	private int docCount;

	/** Adds one document: called by the indexer for every file and by the /index endpoint for every request. */
	public void addDocument(int docId, String path, Map<String, List<String>> fieldTokens) {
		docPaths.put(docId, path);
		docCount++;
		for (String field : fieldTokens.keySet()) {
			List<String> tokens = fieldTokens.get(field);
			fields.add(field);
			Map<String, List<Integer>> positionsByText = new TreeMap<>();
			int position = 0;
			for (String token : tokens) {
				positionsByText.computeIfAbsent(token, t -> new ArrayList<>(4)).add(position++);
			}
			for (Map.Entry<String, List<Integer>> e : positionsByText.entrySet()) {
				int[] positions = e.getValue().stream().mapToInt(Integer::intValue).toArray();
				postings.computeIfAbsent(new Term(field, e.getKey()), t -> new ArrayList<>(8))
						.add(new Posting(docId, positions));
			}
		}
	}

	public List<Posting> postings(Term term) {
		List<Posting> list = postings.get(term);
		return list == null ? Collections.emptyList() : list;
	}

	public int docFreq(Term term) {
		return postings(term).size();
	}

	public int docCount() {
		return docCount;
	}

	public String path(int docId) {
		return docPaths.get(docId);
	}

	public Map<Term, List<Posting>> allPostings() {
		return Collections.unmodifiableMap(postings);
	}

	public List<Integer> docIds(Term term) {
		requireField(term.field);
		List<Posting> list = postings(term);
		List<Integer> ids = new ArrayList<>();
		for (Posting p : list) {
			ids.add(p.docId);
		}
		return ids;
	}

	public List<String> paths(List<Integer> docIds) {
		List<String> result = docIds.stream().map(id -> docPaths.get(id)).collect(Collectors.toList());
		return result;
	}

	/** The distinct texts of a query's terms, for the highlighter. */
	public Set<String> termTexts(List<Term> terms) {
		Set<String> texts = terms.stream().map(t -> t.text).collect(Collectors.toSet());
		return texts;
	}

	/** Candidates for a pure-negative query ("NOT draft"): every document, before exclusions. */
	public Set<Integer> allDocIds() {
		Set<Integer> all = new HashSet<>();
		all.addAll(docPaths.keySet());
		return all;
	}

	private void requireField(String field) {
		if (!fields.contains(field)) {
			throw new IllegalArgumentException("no such field " + field + " in an index of " + docCount + " documents");
		}
	}

	@Override
	public String toString() {
		StringBuilder sb = new StringBuilder("InvertedIndex[docs=").append(docCount);
		for (Term term : postings.keySet()) {
			sb.append(", ").append(term).append('=').append(postings.get(term).size());
		}
		return sb.append(']').toString();
	}
}
