package com.acme.dao.entity;

import com.acme.dao.SchemaIntrospector;

import java.util.Objects;

/**
 * A customer account. Customers are used as keys of the per-customer maps the account pages build,
 * so equality is by id and e-mail only.
 */
@SchemaIntrospector.Table(value = "customers", alias = "c")
public class Customer {

    public enum Tier { STANDARD, GOLD, PLATINUM }

    private long id;
    private String email;
    private String name;
    private String country;
    private Tier tier;

    public Customer() {
    }

    public Customer(long id, String email, String name, String country, Tier tier) {
        this.id = id;
        this.email = email;
        this.name = name;
        this.country = country;
        this.tier = tier;
    }

    public long getId() {
        return id;
    }

    public String getEmail() {
        return email;
    }

    public String getName() {
        return name;
    }

    public String getCountry() {
        return country;
    }

    public Tier getTier() {
        return tier;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Customer)) {
            return false;
        }
        Customer other = (Customer) o;
        return id == other.id && Objects.equals(email, other.email);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, email);
    }

    @Override
    public String toString() {
        return String.format("Customer[%s, %s, %s, %s]", id, email, country, tier);
    }
}
